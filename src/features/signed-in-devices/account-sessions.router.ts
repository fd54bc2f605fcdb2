import { revokeSessionInputSchema } from '../../domain/sessions.schemas.js';
import { authedProcedure, router } from '../../trpc/init.js';
import {
  listAccountSessions,
  revokeOtherSessions,
  revokeSession,
} from './account-sessions.service.js';

/** `auth.sessions.*`, the twins of /api/auth/sessions: Settings → Security's device list. */
export const accountSessionsRouter = router({
  list: authedProcedure.query(({ ctx }) => listAccountSessions(ctx.db, ctx.session)),

  revoke: authedProcedure.input(revokeSessionInputSchema).mutation(async ({ ctx, input }) => {
    await revokeSession(ctx.db, ctx.session, input.id, ctx.client, ctx.clock());
    return { ok: true as const };
  }),

  revokeOthers: authedProcedure.mutation(async ({ ctx }) => {
    const signedOut = await revokeOtherSessions(ctx.db, ctx.session, ctx.client, ctx.clock());
    return { ok: true as const, signed_out_sessions: signedOut };
  }),
});
