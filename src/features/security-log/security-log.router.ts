import { securityLogInputSchema } from '../../domain/security-events.js';
import { authedProcedure } from '../../trpc/init.js';
import { requireSignedInPerson } from '../api-keys/api-keys.service.js';
import { listSecurityEvents, SECURITY_LOG_NEEDS_A_PERSON } from './security-log.service.js';

/** `auth.securityLog`, the twin of GET /api/auth/security-log: Settings → Security reads it. */
export const securityLogProcedure = authedProcedure
  .input(securityLogInputSchema)
  .query(({ ctx, input }) => {
    requireSignedInPerson(ctx.session, SECURITY_LOG_NEEDS_A_PERSON);
    return listSecurityEvents(ctx.db, ctx.user, input.cursor);
  });
