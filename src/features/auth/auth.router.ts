import {
  loginInputSchema,
  signupInputSchema,
  type CurrentUser,
} from '../../domain/auth.schemas.js';
import { publicProcedure, router } from '../../trpc/init.js';
import { requestLanguage } from '../sessions/request-context.js';
import { clearSessionCookie, setSessionCookie } from '../sessions/session-cookie.js';
import { securityLogProcedure } from '../security-log/security-log.router.js';
// Issue 34 part A: forgot, reset and change password; the signed-in devices.
import { passwordRouter } from '../passwords/passwords.router.js';
import { accountSessionsRouter } from '../signed-in-devices/account-sessions.router.js';
import { logIn, logOut } from './sign-in.service.js';
import { signUp } from './sign-up.service.js';
import { answerSignInStep, currentUserAnswer } from '../two-factor/sign-in-answer.js';
import { loginTwoFactorProcedure, twoFactorRouter } from '../two-factor/two-factor.router.js';
import { accountEmailProcedures } from '../account-email/account-email.router.js';
import { signupStatus } from './signup-policy.js';

export const authRouter = router({
  /** Never a 401 here: the web app asks "who am I" and gets null when signed out. */
  user: publicProcedure.query(({ ctx }): Promise<CurrentUser> | CurrentUser =>
    ctx.session ? currentUserAnswer(ctx.db, ctx.session.user) : { user: null },
  ),

  signupStatus: publicProcedure.query(({ ctx }) => signupStatus(ctx.db, ctx.config)),

  signup: publicProcedure.input(signupInputSchema).mutation(async ({ ctx, input }) => {
    const signedIn = await signUp(ctx, input, {
      client: ctx.client,
      language: requestLanguage(ctx.req),
    });
    setSessionCookie(ctx.res, ctx.config, signedIn.session.token, signedIn.session.expiresAtMs);
    return currentUserAnswer(ctx.db, signedIn.user);
  }),

  login: publicProcedure.input(loginInputSchema).mutation(async ({ ctx, input }) => {
    const step = await logIn(ctx, input, ctx.client);
    return answerSignInStep(ctx.res, ctx, step);
  }),

  // Signing out when already signed out is not an error: the outcome is the same.
  logout: publicProcedure.mutation(async ({ ctx }) => {
    await logOut(ctx.db, ctx.session, ctx.client);
    clearSessionCookie(ctx.res, ctx.config);
    return { ok: true };
  }),

  securityLog: securityLogProcedure,
  // Issue 34 part A.
  password: passwordRouter,
  sessions: accountSessionsRouter,

  // Issue 34, two-step sign-in (src/features/two-factor).
  loginTwoFactor: loginTwoFactorProcedure,
  twoFactor: twoFactorRouter,

  // Issue 34, who may sign up and the sign-in email: verify-email, resend, change, confirm.
  ...accountEmailProcedures,
});
