import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { extendOutcomeSchema, nextClientEmailSchema } from '../../domain/client-mail-budget.js';
import { contractIdSchema } from '../../domain/contracts.schemas.js';
import {
  extendInputSchema,
  remindResultSchema,
  reviseResultSchema,
  voidInputSchema,
  voidResultSchema,
} from '../../domain/follow-up.schemas.js';
import { describeRoute } from '../../rest/api-schema.js';
import { contractorOf, signedIn } from '../sessions/signed-in.js';
import type { AppDeps } from '../../ports/app-deps.js';
import { extendSigning } from './extend.service.js';
import { nextClientEmail } from './next-client-email.js';
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
          "Emails every signer who was sent a link and has not signed a new link of their own (409 when the contract is not awaiting signature); `to` names them. 429 with Retry-After when the client's mail budget (one email an hour and three a day for reminders and new links of a contract) or the account's daily limit on client emails says wait.",
        params,
        success: { 200: remindResultSchema },
      }),
    },
    async (request) => {
      const session = contractorOf(request);
      return remindClient(deps, session.user.companyId, request.params.id, session.actor);
    },
  );

  api.post(
    '/api/contracts/:id/extend',
    {
      preValidation,
      schema: describeRoute({
        ...followUpRoute,
        summary: 'Give the client more days to sign',
        description:
          "Emails every signer who has not signed a new link of their own that works for `days` (`to` names them), reopening an expired contract. While the client's mail budget says wait, a later deadline for a contract awaiting signature is saved without an email (`emailed: false`, with `message` and `next_email_at`); anything else answers 429 with Retry-After.",
        params,
        body: extendInputSchema,
        success: { 200: extendOutcomeSchema },
      }),
    },
    async (request) => {
      const session = contractorOf(request);
      const { days } = request.body;
      return extendSigning(deps, session.user.companyId, request.params.id, days, session.actor);
    },
  );

  api.get(
    '/api/contracts/:id/next-client-email',
    {
      preValidation,
      schema: describeRoute({
        tag: 'Contracts',
        caller: 'contractor',
        errors: [404],
        summary: 'When the client may be emailed again',
        description:
          "When a reminder or a new link may next email this contract's client, and why it must wait (null: now).",
        params,
        success: { 200: nextClientEmailSchema },
      }),
    },
    async (request) =>
      nextClientEmail(deps, contractorOf(request).user.companyId, request.params.id),
  );

  api.post(
    '/api/contracts/:id/void',
    {
      preValidation,
      schema: describeRoute({
        ...followUpRoute,
        summary: 'Void (withdraw) a sent contract',
        description:
          "What the app's screens call Withdraw: every signing link stops at once and every signer who was sent one is emailed the reason.",
        params,
        body: voidInputSchema,
        success: { 200: voidResultSchema },
      }),
    },
    async (request) => {
      const session = contractorOf(request);
      const { reason } = request.body;
      return voidContract(deps, session.user.companyId, request.params.id, reason, session.actor);
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
      return reviseContract(deps, session.user, request.params.id, session.actor);
    },
  );
}
