import { z } from 'zod';
import { contractIdSchema } from '../../domain/contracts.schemas.js';
import { authedProcedure, router } from '../../trpc/init.js';
import { getExecutedCopyStatus, retryExecutedCopy } from './executed-copy.service.js';

const byId = z.object({ id: contractIdSchema });

/** The sealed executed copy of a contract, for its page (twins of the REST routes). */
export const documentsRouter = router({
  executedCopy: authedProcedure
    .input(byId)
    .query(({ ctx, input }) => getExecutedCopyStatus(ctx.db, ctx.user.companyId, input.id)),
  retryExecutedCopy: authedProcedure
    .input(byId)
    .mutation(({ ctx, input }) => retryExecutedCopy(ctx.db, ctx.user.companyId, input.id)),
});
