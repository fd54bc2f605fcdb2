import { onboardingInputSchema, updatePrefsInputSchema } from '../../domain/prefs.schemas.js';
import { authedProcedure, router } from '../../trpc/init.js';
import { getPrefs, updatePrefs } from './prefs.service.js';

export const prefsRouter = router({
  get: authedProcedure.query(({ ctx }) => getPrefs(ctx.db, ctx.user.companyId)),
  update: authedProcedure
    .input(updatePrefsInputSchema)
    .mutation(({ ctx, input }) =>
      updatePrefs(ctx.db, ctx.user, input, (trx, prefs) =>
        ctx.rescheduleReminders(trx, ctx.user.companyId, prefs),
      ),
    ),
  completeOnboarding: authedProcedure
    .input(onboardingInputSchema)
    .mutation(({ ctx, input }) => updatePrefs(ctx.db, ctx.user, input)),
});
