import {
  loginInputSchema,
  signupInputSchema,
  type CurrentUser,
} from '../../domain/auth.schemas.js';
import { publicProcedure, router } from '../../trpc/init.js';
import { requestLanguage } from '../sessions/request-context.js';
import { clearSessionCookie, setSessionCookie } from '../sessions/session-cookie.js';
import { securityLogProcedure } from '../security-log/security-log.router.js';
import { logIn, logOut } from './sign-in.service.js';
import { signUp } from './sign-up.service.js';
import { accountAnswer } from '../account-email/account-answer.js';
import { accountEmailProcedures } from '../account-email/account-email.router.js';
import { signupStatus } from './signup-policy.js';

export const authRouter = router({
  /** Never a 401 here: the web app asks "who am I" and gets null when signed out. */
  user: publicProcedure.query(({ ctx }): Promise<CurrentUser> | CurrentUser =>
    ctx.session ? accountAnswer(ctx.db, ctx.session.user) : { user: null },
  ),

  signupStatus: publicProcedure.query(({ ctx }) => signupStatus(ctx.db, ctx.config)),

  signup: publicProcedure.input(signupInputSchema).mutation(async ({ ctx, input }) => {
    const signedIn = await signUp(ctx, input, {
      client: ctx.client,
      language: requestLanguage(ctx.req),
    });
    setSessionCookie(ctx.res, ctx.config, signedIn.session.token, signedIn.session.expiresAtMs);
    return accountAnswer(ctx.db, signedIn.user);
  }),

  login: publicProcedure.input(loginInputSchema).mutation(async ({ ctx, input }) => {
    const signedIn = await logIn(ctx, input, ctx.client);
    setSessionCookie(ctx.res, ctx.config, signedIn.session.token, signedIn.session.expiresAtMs);
    return accountAnswer(ctx.db, signedIn.user);
  }),

  // Signing out when already signed out is not an error: the outcome is the same.
  logout: publicProcedure.mutation(async ({ ctx }) => {
    await logOut(ctx.db, ctx.session, ctx.client);
    clearSessionCookie(ctx.res, ctx.config);
    return { ok: true };
  }),

  securityLog: securityLogProcedure,

  // Issue 34, who may sign up and the sign-in email: verify-email, resend, change, confirm.
  ...accountEmailProcedures,
});
