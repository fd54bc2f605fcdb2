import { cleanScopeInputSchema } from '../../domain/scope.schemas.js';
import { authedProcedure, router } from '../../trpc/init.js';

export const scopeRouter = router({
  clean: authedProcedure
    .input(cleanScopeInputSchema)
    .mutation(({ ctx, input }) =>
      ctx.scopeCleaner.clean(ctx.db, ctx.user.id, input.snippets, ctx.req.log),
    ),
});
