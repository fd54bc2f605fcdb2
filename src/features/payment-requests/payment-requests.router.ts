import { contractStageSchema } from '../../domain/stage-payments.schemas.js';
import { authedProcedure, router } from '../../trpc/init.js';
import { requestStagePayment } from './payment-request.service.js';

/** The tRPC twin of POST /api/contracts/:id/payments/:stage/request, joined to payments.*. */
export const paymentRequestsRouter = router({
  request: authedProcedure
    .input(contractStageSchema)
    .mutation(({ ctx, input }) =>
      requestStagePayment(
        ctx,
        ctx.user,
        { contractId: input.id, stageIndex: input.stage },
        ctx.actor,
      ),
    ),
});
