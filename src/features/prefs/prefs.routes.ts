import type { FastifyInstance } from 'fastify';
import { prefsSchema, updatePrefsInputSchema } from '../../domain/prefs.schemas.js';
import { getPrefs, updatePrefs } from './prefs.service.js';
import { rescheduleReminders } from '../follow-up/reminders.service.js';
import type { AppDeps } from '../../trpc/context.js';
import { parseInput, requireUser, responseSchema } from '../../rest/rest-helpers.js';

/** GET/PUT /api/prefs (the logo upload arrives with branding). */
export function registerPrefsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const prefsAnswer = { response: { 200: responseSchema(prefsSchema) } };

  app.get('/api/prefs', { schema: prefsAnswer }, async (request, reply) => {
    const session = await requireUser(request, reply, deps);
    return getPrefs(deps.db, session.user.id);
  });

  app.put('/api/prefs', { schema: prefsAnswer }, async (request, reply) => {
    const session = await requireUser(request, reply, deps);
    const input = parseInput(updatePrefsInputSchema, request.body);
    // A change of the reminder settings reschedules the contracts awaiting signature at once.
    return updatePrefs(deps.db, session.user.id, input, (trx, prefs) =>
      rescheduleReminders(trx, session.user.id, prefs),
    );
  });
}
