import {
  changePasswordInputSchema,
  forgotPasswordInputSchema,
  resetCheckInputSchema,
  resetPasswordInputSchema,
} from '../../domain/passwords.schemas.js';
import { authedProcedure, publicProcedure, router } from '../../trpc/init.js';
import { setSessionCookie } from '../sessions/session-cookie.js';
import { changePassword } from './change-password.service.js';
import { requestPasswordReset } from './forgot-password.service.js';
import { checkResetLink, resetPassword } from './reset-password.service.js';

/** `auth.password.*`, the twins of /api/auth/forgot, /reset, /reset/check and PUT /password. */
export const passwordRouter = router({
  forgot: publicProcedure.input(forgotPasswordInputSchema).mutation(async ({ ctx, input }) => {
    await requestPasswordReset(ctx, input, ctx.client);
    return { ok: true as const };
  }),

  // A mutation, as its twin is a POST: it counts against the address's link tries.
  checkReset: publicProcedure
    .input(resetCheckInputSchema)
    .mutation(({ ctx, input }) => checkResetLink(ctx, input.token, ctx.client)),

  reset: publicProcedure.input(resetPasswordInputSchema).mutation(async ({ ctx, input }) => {
    const done = await resetPassword(ctx, input, ctx.client);
    if (done.session) {
      setSessionCookie(ctx.res, ctx.config, done.session.token, done.session.expiresAtMs);
    }
    return {
      signed_in: done.session !== null,
      user: done.session ? { email: done.user.email } : null,
    };
  }),

  change: authedProcedure.input(changePasswordInputSchema).mutation(async ({ ctx, input }) => {
    const signedOut = await changePassword(ctx, ctx.session, input, ctx.client);
    return { ok: true as const, signed_out_sessions: signedOut };
  }),
});
