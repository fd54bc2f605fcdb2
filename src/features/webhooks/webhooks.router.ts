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
  webhookCallerOf,
} from './webhooks.service.js';

/**
 * The tRPC twins of /api/webhooks, for Settings → API. A key reaches tRPC as it reaches REST, so
 * the same scope applies: a key's calls see only the endpoints it registered.
 */
const callerProcedure = authedProcedure.use(({ ctx, next }) =>
  next({ ctx: { caller: webhookCallerOf(ctx.session) } }),
);

export const webhooksRouter = router({
  list: callerProcedure.query(({ ctx }) => listWebhookEndpoints(ctx.db, ctx.caller)),
  create: callerProcedure
    .input(createWebhookInputSchema)
    .mutation(({ ctx, input }) => createWebhookEndpoint(ctx, ctx.caller, input)),
  delete: callerProcedure.input(webhookByIdSchema).mutation(async ({ ctx, input }) => {
    await deleteWebhookEndpoint(ctx.db, ctx.caller, input.id);
    return { ok: true };
  }),
  rotateSecret: callerProcedure
    .input(webhookByIdSchema)
    .mutation(({ ctx, input }) => rotateWebhookSecret(ctx, ctx.caller, input.id)),
  // The same output schemas as the REST twins, so both answer the same fields and nothing more.
  deliveries: callerProcedure
    .input(webhookByIdSchema)
    .output(z.array(listedWebhookDeliverySchema))
    .query(({ ctx, input }) => listWebhookDeliveries(ctx.db, ctx.caller, input.id)),
  redeliver: callerProcedure
    .input(redeliverWebhookInputSchema)
    .output(listedWebhookDeliverySchema)
    .mutation(({ ctx, input }) =>
      redeliverWebhookDelivery(ctx, ctx.caller, input.id, input.delivery_id),
    ),
});
