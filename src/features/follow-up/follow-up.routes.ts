import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contractIdSchema } from '../../domain/contracts.schemas.js';
import {
  extendInputSchema,
  extendResultSchema,
  remindResultSchema,
  reviseResultSchema,
  voidInputSchema,
  voidResultSchema,
} from '../../domain/follow-up.schemas.js';
import { parseInput, requireUser, responseSchema } from '../../rest/rest-helpers.js';
import type { AppDeps } from '../../trpc/context.js';
import { extendSigning } from './extend.service.js';
import { remindClient } from './reminders.service.js';
import { reviseContract } from './revise.service.js';
import { voidContract } from './void.service.js';

const idParams = z.object({ id: contractIdSchema });

/** A contract's roads after sending (issue 17): remind, extend, void, revise. */
export function registerFollowUpRoutes(app: FastifyInstance, deps: AppDeps): void {
  const answer = (schema: z.ZodType) => ({ schema: { response: { 200: responseSchema(schema) } } });

  app.post('/api/contracts/:id/remind', answer(remindResultSchema), async (request, reply) => {
    const session = await requireUser(request, reply, deps);
    const { id } = parseInput(idParams, request.params);
    return remindClient(deps, session.user.id, id, session.actor);
  });

  app.post('/api/contracts/:id/extend', answer(extendResultSchema), async (request, reply) => {
    const session = await requireUser(request, reply, deps);
    const { id } = parseInput(idParams, request.params);
    const { days } = parseInput(extendInputSchema, request.body);
    return extendSigning(deps, session.user.id, id, days, session.actor);
  });

  app.post('/api/contracts/:id/void', answer(voidResultSchema), async (request, reply) => {
    const session = await requireUser(request, reply, deps);
    const { id } = parseInput(idParams, request.params);
    const { reason } = parseInput(voidInputSchema, request.body);
    return voidContract(deps, session.user.id, id, reason, session.actor);
  });

  app.post('/api/contracts/:id/revise', answer(reviseResultSchema), async (request, reply) => {
    const session = await requireUser(request, reply, deps);
    const { id } = parseInput(idParams, request.params);
    return reviseContract(deps, session.user.id, id, session.actor);
  });
}
