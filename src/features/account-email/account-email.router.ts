import {
  changeEmailInputSchema,
  confirmEmailChangeInputSchema,
  verifyEmailInputSchema,
} from '../../domain/account-email.schemas.js';
import { authedProcedure, publicProcedure } from '../../trpc/init.js';
import { confirmEmailChange, requestEmailChange } from './email-change.service.js';
import { resendVerification, verifyEmail } from './email-verification.service.js';

/**
 * The tRPC twins of account-email.routes.ts, spread into `auth` (auth.router.ts): the web app's
 * verify and confirm pages, the resend button and Settings → Security's sign-in email.
 */
export const accountEmailProcedures = {
  verifyEmail: publicProcedure
    .input(verifyEmailInputSchema)
    .mutation(({ ctx, input }) => verifyEmail(ctx, input.token, ctx.client)),

  resendVerification: authedProcedure.mutation(({ ctx }) =>
    resendVerification(ctx, ctx.user.id, ctx.client),
  ),

  changeEmail: authedProcedure.input(changeEmailInputSchema).mutation(async ({ ctx, input }) => {
    await requestEmailChange(ctx, ctx.session, input, ctx.client);
    return { ok: true as const };
  }),

  confirmEmailChange: publicProcedure
    .input(confirmEmailChangeInputSchema)
    .mutation(({ ctx, input }) => confirmEmailChange(ctx, input.token, ctx.client)),
};
