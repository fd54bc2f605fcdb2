import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { describeRoute } from '../../rest/api-schema.js';
import { contractorOf, signedIn } from '../../rest/rest-helpers.js';
import type { AppDeps } from '../../trpc/context.js';
import { extendSigning } from './extend.service.js';
import { remindClient } from './reminders.service.js';
import { reviseContract } from './revise.service.js';
import { voidContract } from './void.service.js';

const params = z.object({ id: contractIdSchema });
const followUpRoute = { tag: 'Contracts', caller: 'contractor', errors: [404, 409] } as const;

/** A contract's roads after sending (issue 17): remind, extend, void, revise. */
export function registerFollowUpRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preValidation = signedIn(deps);

  api.post(
    '/api/contracts/:id/remind',
    {
      preValidation,
      schema: describeRoute({
        ...followUpRoute,
        summary: 'Remind the client now',
        description:
          'Emails the client their signing link again (409 when the contract is not awaiting signature).',
        params,
        success: { 200: remindResultSchema },
      }),
    },
    async (request) => {
      const session = contractorOf(request);
      return remindClient(deps, session.user.id, request.params.id, session.actor);
    },
  );

  api.post(
    '/api/contracts/:id/extend',
    {
      preValidation,
      schema: describeRoute({
        ...followUpRoute,
        summary: 'Give the client more days to sign',
        params,
        body: extendInputSchema,
        success: { 200: extendResultSchema },
      }),
    },
    async (request) => {
      const session = contractorOf(request);
      const { days } = request.body;
      return extendSigning(deps, session.user.id, request.params.id, days, session.actor);
    },
  );

  api.post(
    '/api/contracts/:id/void',
    {
      preValidation,
      schema: describeRoute({
        ...followUpRoute,
        summary: 'Void (withdraw) a sent contract',
        description:
          "What the app's screens call Withdraw: every signing link stops at once and the client is emailed the reason.",
        params,
        body: voidInputSchema,
        success: { 200: voidResultSchema },
      }),
    },
    async (request) => {
      const session = contractorOf(request);
      const { reason } = request.body;
      return voidContract(deps, session.user.id, request.params.id, reason, session.actor);
    },
  );

  api.post(
    '/api/contracts/:id/revise',
    {
      preValidation,
      schema: describeRoute({
        ...followUpRoute,
        summary: 'Revise a sent contract',
        description:
          'A new unsigned draft with the same client, scope, price and plan; answers its id. A contract awaiting signature is withdrawn first and the client is told it is being replaced.',
        params,
        success: { 200: reviseResultSchema },
      }),
    },
    async (request) => {
      const session = contractorOf(request);
      return reviseContract(deps, session.user.id, request.params.id, session.actor);
    },
  );
}
