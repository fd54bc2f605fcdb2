import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  contractDraftInputSchema,
  contractEventSchema,
  contractIdSchema,
  contractSchema,
  contractSummarySchema,
  signMineInputSchema,
} from '../../domain/contracts.schemas.js';
import {
  createDraft,
  readContract,
  getContractTimeline,
  signAsContractor,
  updateDraft,
} from './contracts.service.js';
import { listContracts } from './contract-list.service.js';
import { sendInputSchema, sendResultSchema } from '../../domain/send.schemas.js';
import { sendToClient } from './send.service.js';
import { sendReusedJson } from '../../lib/reused-answer.js';
import type { AppDeps } from '../../trpc/context.js';
import { parseInput, requireUser, responseSchema } from '../../rest/rest-helpers.js';

const idParams = z.object({ id: contractIdSchema });

/** The contract calls. */
export function registerContractRoutes(app: FastifyInstance, deps: AppDeps): void {
  const one = { response: { 200: responseSchema(contractSchema) } };

  app.get(
    '/api/contracts',
    { schema: { response: { 200: responseSchema(z.array(contractSummarySchema)) } } },
    async (request, reply) => {
      const session = await requireUser(request, reply, deps);
      // An unchanged list is the same cached array: its bytes are reused too (docs/decisions/014).
      return sendReusedJson(
        request,
        reply,
        await listContracts(deps.db, session.user.id, deps.clock()),
      );
    },
  );

  app.get('/api/contracts/:id', { schema: one }, async (request, reply) => {
    const session = await requireUser(request, reply, deps);
    const { id } = parseInput(idParams, request.params);
    return readContract(deps.db, session.user.id, id, deps.clock());
  });

  app.get(
    '/api/contracts/:id/timeline',
    { schema: { response: { 200: responseSchema(z.array(contractEventSchema)) } } },
    async (request, reply) => {
      const session = await requireUser(request, reply, deps);
      const { id } = parseInput(idParams, request.params);
      return getContractTimeline(deps.db, session.user.id, id, deps.clock());
    },
  );

  app.post(
    '/api/contracts',
    { schema: { response: { 201: responseSchema(contractSchema) } } },
    async (request, reply) => {
      const session = await requireUser(request, reply, deps);
      const input = parseInput(contractDraftInputSchema, request.body);
      return reply
        .code(201)
        .send(await createDraft(deps.db, session.user.id, input, session.actor));
    },
  );

  app.put('/api/contracts/:id', { schema: one }, async (request, reply) => {
    const session = await requireUser(request, reply, deps);
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(contractDraftInputSchema, request.body);
    return updateDraft(deps.db, session.user.id, id, input, session.actor);
  });

  app.post(
    '/api/contracts/:id/send',
    { schema: { response: { 200: responseSchema(sendResultSchema) } } },
    async (request, reply) => {
      const session = await requireUser(request, reply, deps);
      const { id } = parseInput(idParams, request.params);
      const input = parseInput(sendInputSchema, request.body);
      return sendToClient(deps, session.user.id, id, input, session.actor);
    },
  );

  app.post('/api/contracts/:id/sign-mine', { schema: one }, async (request, reply) => {
    const session = await requireUser(request, reply, deps);
    const { id } = parseInput(idParams, request.params);
    const { signature } = parseInput(signMineInputSchema, request.body);
    return signAsContractor(deps.db, session.user.id, id, signature, session.actor);
  });
}
