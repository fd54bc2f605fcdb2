import { z } from 'zod';
import { apiKeyIdSchema, createApiKeyInputSchema } from '../../domain/api-keys.schemas.js';
import { authedProcedure, router } from '../../trpc/init.js';
import {
  createApiKey,
  listApiKeys,
  requireSignedInPerson,
  revokeApiKey,
} from './api-keys.service.js';

/** The tRPC twins of /api/keys, for Settings → API. */
const personProcedure = authedProcedure.use(({ ctx, next }) => {
  requireSignedInPerson(ctx.session);
  return next();
});

export const apiKeysRouter = router({
  list: personProcedure.query(({ ctx }) => listApiKeys(ctx.db, ctx.user)),
  create: personProcedure
    .input(createApiKeyInputSchema)
    .mutation(({ ctx, input }) => createApiKey(ctx.db, ctx.user, input.name, ctx.clock())),
  revoke: personProcedure
    .input(z.object({ id: apiKeyIdSchema }))
    .mutation(async ({ ctx, input }) => {
      await revokeApiKey(ctx.db, ctx.user, input.id, ctx.clock());
      return { ok: true };
    }),
});
