import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contractCreateInputSchema,
  contractEventSchema,
  contractIdSchema,
  contractSchema,
  contractSummarySchema,
  contractUpdateInputSchema,
  signMineInputSchema,
  STALE_DRAFT_MESSAGE,
} from '../../domain/contracts.schemas.js';
import { contractFilterSchema } from '../../domain/contract-search.schemas.js';
import {
  copyContract,
  createDraft,
  readContract,
  getContractTimeline,
  signAsContractor,
  updateDraft,
} from './contracts.service.js';
import { listContracts, listScopeOf } from './contract-list.service.js';
import { sendReusedJson } from '../../lib/reused-answer.js';
import { ownSuccessAnswer } from './own-answer-serializer.js';
import type { AppDeps } from '../../ports/app-deps.js';
import { describeRoute } from '../../rest/api-schema.js';
import { contractorOf, signedIn } from '../sessions/signed-in.js';

const params = z.object({ id: contractIdSchema });
const contractRoute = { tag: 'Contracts', caller: 'contractor' } as const;

/** The contract calls. */
export function registerContractRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preValidation = signedIn(deps);

  api.get(
    '/api/contracts',
    {
      preValidation,
      schema: describeRoute({
        ...contractRoute,
        summary: 'List contracts',
        description:
          "Newest first, with status, total, and who wrote and sent each. The whole company's by default; `mine=true` keeps the caller's own, `payment_due=true` those with a payment due and not yet paid. `q` and `status` narrow the list: `?q=smith&status=sent,expired`.",
        querystring: contractFilterSchema,
        success: { 200: z.array(contractSummarySchema) },
      }),
      // The cards are built field by field from the schema (toContractSummary).
      serializerCompiler: ownSuccessAnswer(200),
    },
    async (request, reply) => {
      const session = contractorOf(request);
      // An unchanged list is the same cached array: its bytes are reused too (docs/decisions/014).
      return sendReusedJson(
        request,
        reply,
        await listContracts(
          deps.db,
          listScopeOf(session.user, request.query.mine, request.query.payment_due),
          deps.clock(),
          request.query,
          session.databaseVersion,
        ),
      );
    },
  );

  api.get(
    '/api/contracts/:id',
    {
      preValidation,
      schema: describeRoute({
        ...contractRoute,
        summary: 'One contract',
        description:
          'Everything about it; a sent contract also lists its `signers`, each with their status.',
        params,
        success: { 200: contractSchema },
        errors: [404],
      }),
    },
    async (request) =>
      readContract(deps.db, contractorOf(request).user.companyId, request.params.id, deps.clock()),
  );

  api.get(
    '/api/contracts/:id/timeline',
    {
      preValidation,
      schema: describeRoute({
        ...contractRoute,
        summary: "A contract's timeline",
        description: 'Sent, viewed, reminded, signed, declined, voided: oldest first.',
        params,
        success: { 200: z.array(contractEventSchema) },
        errors: [404],
      }),
    },
    async (request) =>
      getContractTimeline(
        deps.db,
        contractorOf(request).user.companyId,
        request.params.id,
        deps.clock(),
      ),
  );

  api.post(
    '/api/contracts',
    {
      preValidation,
      schema: describeRoute({
        ...contractRoute,
        summary: 'Create a draft',
        description:
          'A draft may be partial. `co_signers` adds up to 3 clients who sign beside the client, `signing_order` says whether they sign together or in order; an email used twice among them is a 400. ' +
          'A phone that drafted offline sends `client_draft_id`, its own id for the draft, so that a retry never makes a second contract: 201 when the draft is created, 200 with the contract as it stands when that id was sent before (nothing is changed).',
        body: contractCreateInputSchema,
        success: { 201: contractSchema, 200: contractSchema },
      }),
    },
    async (request, reply) => {
      const session = contractorOf(request);
      const { contract, created } = await createDraft(
        deps.db,
        session.user,
        request.body,
        session.actor,
        deps.clock,
      );
      return reply.code(created ? 201 : 200).send(contract);
    },
  );

  api.post(
    '/api/contracts/:id/copy',
    {
      preValidation,
      schema: describeRoute({
        ...contractRoute,
        summary: 'Copy a contract',
        description:
          'A new draft with the same client, co-signers and signing order, scope, price, payment stages and language, from a contract in any status. It has its own number and no signature; the original is not changed.',
        params,
        success: { 201: contractSchema },
        errors: [404],
      }),
    },
    async (request, reply) => {
      const session = contractorOf(request);
      const copy = await copyContract(
        deps.db,
        session.user,
        request.params.id,
        session.actor,
        deps.clock,
      );
      return reply.code(201).send(copy);
    },
  );

  api.put(
    '/api/contracts/:id',
    {
      preValidation,
      schema: describeRoute({
        ...contractRoute,
        summary: 'Change a draft',
        description:
          'Only a draft can change (409 otherwise): revise a sent contract first. ' +
          `With \`base_version\`, a draft saved since that version (by another device) is also a 409, "${STALE_DRAFT_MESSAGE}", and nothing changes; read it again and choose. Without it, the last save wins.`,
        params,
        body: contractUpdateInputSchema,
        success: { 200: contractSchema },
        errors: [404, 409],
      }),
    },
    async (request) => {
      const session = contractorOf(request);
      return updateDraft(
        deps.db,
        session.user.companyId,
        request.params.id,
        request.body,
        session.actor,
        deps.clock,
      );
    },
  );

  api.post(
    '/api/contracts/:id/sign-mine',
    {
      preValidation,
      schema: describeRoute({
        ...contractRoute,
        summary: 'Sign a draft as the contractor',
        description: 'The signature is a PNG data URL of the drawn signature.',
        params,
        body: signMineInputSchema,
        success: { 200: contractSchema },
        errors: [404, 409],
      }),
    },
    async (request) => {
      const session = contractorOf(request);
      const { signature } = request.body;
      return signAsContractor(
        deps.db,
        session.user.companyId,
        request.params.id,
        signature,
        session.actor,
        deps.clock,
      );
    },
  );
}
