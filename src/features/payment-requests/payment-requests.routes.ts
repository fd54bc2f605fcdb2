import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contractStageSchema,
  payLinkAnswerSchema,
  stagePaymentsSchema,
} from '../../domain/stage-payments.schemas.js';
import { webDistDir } from '../../lib/web-app.js';
import type { AppDeps } from '../../ports/app-deps.js';
import { describeRoute } from '../../rest/api-schema.js';
import { requestClient } from '../sessions/request-context.js';
import { contractorOf, signedIn } from '../sessions/signed-in.js';
import { payByLink } from './pay-link.service.js';
import { registerPayPage } from './pay-page/pay-page.routes.js';
import { requestStagePayment } from './payment-request.service.js';

/**
 * "Request payment" (issue 36): the contractor's call that mails the link, the public call behind
 * the link, and the link's page, /pay/:token.
 */
export function registerPaymentRequestRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  distDir = webDistDir,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/contracts/:id/payments/:stage/request',
    {
      preValidation: signedIn(deps),
      schema: describeRoute({
        tag: 'Payments',
        caller: 'contractor',
        summary: 'Ask the client to pay a stage',
        description:
          "Emails the client a link, /pay/<token>, to pay the stage online through the company's Stripe account (the link works 30 days); answers the contract's payments. Only for a signed or completed contract and a company with Stripe connected; 409 for a stage already paid or with a bank payment on its way. It shares the client's mail budget with reminders: 429 with Retry-After when the contract's follow-up mails (one an hour, three a day) or the company's daily limit on client emails say wait.",
        params: contractStageSchema,
        success: { 200: stagePaymentsSchema },
        errors: [404, 409],
      }),
    },
    async (request) => {
      const session = contractorOf(request);
      const { id, stage } = request.params;
      return requestStagePayment(
        deps,
        session.user,
        { contractId: id, stageIndex: stage },
        session.actor,
      );
    },
  );

  api.post(
    '/api/pay/:token',
    {
      schema: describeRoute({
        tag: 'Payments',
        caller: 'public',
        summary: 'Pay a stage from its emailed link',
        description:
          "A Stripe Checkout Session for the stage the link asks for, in the contractor's Stripe account; a second call while it is open answers the same page. Stripe sends the client back to /pay/<token>. 404 for an unknown or expired link, 409 once the stage is paid, 502 when Stripe cannot be reached. The payment is recorded from Stripe's signed event, never from the browser's return.",
        params: z.object({
          token: z
            .string()
            .max(100)
            .meta({ description: 'The token of the emailed payment link.' }),
        }),
        success: { 200: payLinkAnswerSchema },
        errors: [404, 409, 502],
      }),
    },
    async (request, reply) => {
      // The link is a secret: no cache keeps the answer, no page it leads to learns it.
      void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return payByLink(deps, request.params.token, requestClient(request));
    },
  );

  registerPayPage(app, deps, distDir);
}
