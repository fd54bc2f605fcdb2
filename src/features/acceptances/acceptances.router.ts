import { acceptanceInputSchema } from '../../domain/acceptances.schemas.js';
import { authedProcedure, router } from '../../trpc/init.js';
import { getAcceptanceStatus, recordAcceptance } from './acceptances.service.js';

export const acceptancesRouter = router({
  status: authedProcedure.query(({ ctx }) => getAcceptanceStatus(ctx.db, ctx.user.id)),
  accept: authedProcedure
    .input(acceptanceInputSchema)
    .mutation(({ ctx, input }) => recordAcceptance(ctx.db, ctx.user, input, ctx.client)),
});
