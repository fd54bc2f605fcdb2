import {
  twoFactorConfirmInputSchema,
  twoFactorEnableInputSchema,
  twoFactorLoginInputSchema,
} from '../../domain/two-factor.schemas.js';
import { authedProcedure, publicProcedure, router } from '../../trpc/init.js';
import { requireSignedInPerson } from '../api-keys/api-keys.service.js';
import { pendingSignInTokenOf } from './pending-sign-in-cookie.js';
import { finishSignInWithSecondStep } from './second-step.js';
import {
  disableTwoFactor,
  enableTwoFactor,
  renewRecoveryCodes,
  setUpTwoFactor,
  TWO_FACTOR_NEEDS_A_PERSON,
} from './two-factor.service.js';

/** `auth.loginTwoFactor`, the twin of POST /api/auth/login/2fa. */
export const loginTwoFactorProcedure = publicProcedure
  .input(twoFactorLoginInputSchema)
  .mutation(({ ctx, input }) =>
    finishSignInWithSecondStep(
      ctx.req,
      ctx.res,
      ctx,
      pendingSignInTokenOf(ctx.req, ctx.config),
      input,
    ),
  );

/** A person's own procedures: an API key gets 403, as on the REST twins. */
const personProcedure = authedProcedure.use(({ ctx, next }) => {
  requireSignedInPerson(ctx.session, TWO_FACTOR_NEEDS_A_PERSON);
  return next();
});

/** `auth.twoFactor.*`, the twins of POST /api/auth/2fa/*. */
export const twoFactorRouter = router({
  setup: personProcedure.mutation(({ ctx }) => setUpTwoFactor(ctx, ctx.user)),
  enable: personProcedure
    .input(twoFactorEnableInputSchema)
    .mutation(({ ctx, input }) => enableTwoFactor(ctx, ctx.user, input.code, ctx.client)),
  disable: personProcedure.input(twoFactorConfirmInputSchema).mutation(async ({ ctx, input }) => {
    await disableTwoFactor(ctx, ctx.user, input, ctx.client);
    return { ok: true as const };
  }),
  recoveryCodes: personProcedure
    .input(twoFactorConfirmInputSchema)
    .mutation(({ ctx, input }) => renewRecoveryCodes(ctx, ctx.user, input, ctx.client)),
});
