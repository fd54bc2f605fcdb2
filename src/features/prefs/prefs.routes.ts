import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { prefsSchema, updatePrefsInputSchema } from '../../domain/prefs.schemas.js';
import { getPrefs, updatePrefs } from './prefs.service.js';
import type { AppDeps } from '../../ports/app-deps.js';
import { describeRoute } from '../../rest/api-schema.js';
import { contractorOf, signedIn } from '../sessions/signed-in.js';

/** GET/PUT /api/prefs (the logo upload arrives with branding). */
export function registerPrefsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preValidation = signedIn(deps);

  api.get(
    '/api/prefs',
    {
      preValidation,
      schema: describeRoute({
        tag: 'Settings',
        summary: 'Company details, paper-copy fee and reminder settings',
        caller: 'contractor',
        success: { 200: prefsSchema },
      }),
    },
    async (request) => getPrefs(deps.db, contractorOf(request).user.companyId),
  );

  api.put(
    '/api/prefs',
    {
      preValidation,
      schema: describeRoute({
        tag: 'Settings',
        summary: 'Change company details, paper-copy fee or reminder settings',
        description:
          'Send only the fields to change; `logo_path: null` removes the logo, and `paper_copy_fee_cents: null` (or 0) means no fee.',
        caller: 'contractor',
        body: updatePrefsInputSchema,
        success: { 200: prefsSchema },
        errors: [403],
      }),
    },
    async (request) => {
      const session = contractorOf(request);
      // A change of the reminder settings reschedules the contracts awaiting signature at once.
      return updatePrefs(deps.db, session.user, request.body, (trx, prefs) =>
        deps.rescheduleReminders(trx, session.user.companyId, prefs),
      );
    },
  );
}
