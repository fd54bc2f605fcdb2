import { authedProcedure, router } from '../../trpc/init.js';
import {
  getPaymentSettings,
  testPaymentConnection,
  updatePaymentSettings,
} from './payment-settings.service.js';
import { paymentSettingsInputSchema } from './payments.schemas.js';
// Issue 36, later stages.
import { stagePaymentProcedures } from './stage-payments.router.js';

/** The tRPC twins of /api/payments (issue 36), for Settings → Payments and the contract page. */
export const paymentsRouter = router({
  settings: authedProcedure.query(({ ctx }) => getPaymentSettings(ctx, ctx.user)),
  updateSettings: authedProcedure
    .input(paymentSettingsInputSchema)
    .mutation(({ ctx, input }) => updatePaymentSettings(ctx, ctx.user, input, ctx.client)),
  testConnection: authedProcedure.mutation(({ ctx }) => testPaymentConnection(ctx, ctx.user)),
  // Issue 36, later stages: a contract's payments, a payment recorded by hand, and its undo.
  ...stagePaymentProcedures,
});
