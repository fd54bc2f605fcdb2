import { z } from 'zod';
import { listedWebhookDeliverySchema } from '../../domain/webhook-deliveries.schemas.js';
import {
  createWebhookInputSchema,
  redeliverWebhookInputSchema,
  webhookByIdSchema,
} from '../../domain/webhooks.schemas.js';
import { authedProcedure, router } from '../../trpc/init.js';
import { listWebhookDeliveries, redeliverWebhookDelivery } from './webhook-deliveries.service.js';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookSecret,
} from './webhooks.service.js';

/** The tRPC twins of /api/webhooks, for Settings → API. */
export const webhooksRouter = router({
  list: authedProcedure.query(({ ctx }) => listWebhookEndpoints(ctx.db, ctx.user.id)),
  create: authedProcedure
    .input(createWebhookInputSchema)
    .mutation(({ ctx, input }) =>
      createWebhookEndpoint(ctx, ctx.user.id, input, ctx.session.apiKeyId ?? null),
    ),
  delete: authedProcedure.input(webhookByIdSchema).mutation(async ({ ctx, input }) => {
    await deleteWebhookEndpoint(ctx.db, ctx.user.id, input.id);
    return { ok: true };
  }),
  rotateSecret: authedProcedure
    .input(webhookByIdSchema)
    .mutation(({ ctx, input }) => rotateWebhookSecret(ctx, ctx.user.id, input.id)),
  // The same output schemas as the REST twins, so both answer the same fields and nothing more.
  deliveries: authedProcedure
    .input(webhookByIdSchema)
    .output(z.array(listedWebhookDeliverySchema))
    .query(({ ctx, input }) => listWebhookDeliveries(ctx.db, ctx.user.id, input.id)),
  redeliver: authedProcedure
    .input(redeliverWebhookInputSchema)
    .output(listedWebhookDeliverySchema)
    .mutation(({ ctx, input }) =>
      redeliverWebhookDelivery(ctx, ctx.user.id, input.id, input.delivery_id),
    ),
});
