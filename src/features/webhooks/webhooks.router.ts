import {
  createWebhookInputSchema,
  redeliverWebhookInputSchema,
  webhookByIdSchema,
} from '../../domain/webhooks.schemas.js';
import { authedProcedure, router } from '../../trpc/init.js';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  redeliverWebhookDelivery,
  requireSignedInPersonForWebhooks,
  rotateWebhookSecret,
} from './webhooks.service.js';

/** Only a signed-in person manages webhooks, as only one manages keys (docs/decisions/024). */
const personProcedure = authedProcedure.use(({ ctx, next }) => {
  requireSignedInPersonForWebhooks(ctx.session);
  return next();
});

/** The tRPC twins of /api/webhooks, for Settings → API. */
export const webhooksRouter = router({
  list: personProcedure.query(({ ctx }) => listWebhookEndpoints(ctx.db, ctx.user.id)),
  create: personProcedure
    .input(createWebhookInputSchema)
    .mutation(({ ctx, input }) => createWebhookEndpoint(ctx, ctx.user.id, input)),
  delete: personProcedure.input(webhookByIdSchema).mutation(async ({ ctx, input }) => {
    await deleteWebhookEndpoint(ctx.db, ctx.user.id, input.id);
    return { ok: true };
  }),
  rotateSecret: personProcedure
    .input(webhookByIdSchema)
    .mutation(({ ctx, input }) => rotateWebhookSecret(ctx, ctx.user.id, input.id)),
  deliveries: personProcedure
    .input(webhookByIdSchema)
    .query(({ ctx, input }) => listWebhookDeliveries(ctx.db, ctx.user.id, input.id)),
  redeliver: personProcedure
    .input(redeliverWebhookInputSchema)
    .mutation(({ ctx, input }) =>
      redeliverWebhookDelivery(ctx, ctx.user.id, input.id, input.delivery_id),
    ),
});
