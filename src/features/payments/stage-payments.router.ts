import { z } from 'zod';
import { contractIdSchema } from '../../domain/contracts.schemas.js';
import {
  contractStageSchema,
  recordPaymentInputSchema,
} from '../../domain/stage-payments.schemas.js';
import { authedProcedure } from '../../trpc/init.js';
import { recordStagePayment, undoRecordedPayment } from './recorded-payments.service.js';
import { listStagePayments } from './stage-payments.service.js';

const byContract = z.object({ id: contractIdSchema });

const target = (input: { id: number; stage: number }) => ({
  contractId: input.id,
  stageIndex: input.stage,
});

/** The tRPC twins of stage-payments.routes.ts (issue 36): the path's id and stage join the body. */
export const stagePaymentProcedures = {
  ofContract: authedProcedure
    .input(byContract)
    .query(({ ctx, input }) => listStagePayments(ctx, ctx.user.companyId, input.id)),
  record: authedProcedure
    .input(contractStageSchema.extend(recordPaymentInputSchema.shape))
    .mutation(({ ctx, input }) => {
      const { method, paid_at, note } = input;
      return recordStagePayment(ctx, ctx.user, target(input), { method, paid_at, note });
    }),
  undo: authedProcedure
    .input(contractStageSchema)
    .mutation(({ ctx, input }) => undoRecordedPayment(ctx, ctx.user, target(input))),
};
