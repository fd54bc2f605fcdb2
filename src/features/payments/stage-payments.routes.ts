import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contractIdSchema } from '../../domain/contracts.schemas.js';
import {
  payLinkAnswerSchema,
  recordPaymentInputSchema,
  stageIndexSchema,
  stagePaymentsSchema,
} from '../../domain/stage-payments.schemas.js';
import type { AppDeps } from '../../ports/app-deps.js';
import { describeRoute } from '../../rest/api-schema.js';
import { requestClient } from '../sessions/request-context.js';
import { contractorOf, signedIn } from '../sessions/signed-in.js';
import { payByLink } from './pay-link.service.js';
import { requestStagePayment } from './payment-request.service.js';
import { recordStagePayment, undoRecordedPayment } from './recorded-payments.service.js';
import { listStagePayments } from './stage-payments.service.js';

const contractParams = z.object({ id: contractIdSchema });
const stageParams = z.object({
  id: contractIdSchema,
  stage: stageIndexSchema.meta({
    description: "The stage's position in the payment plan, from 0.",
  }),
});
const stageRoute = {
  tag: 'Payments',
  caller: 'contractor',
  params: stageParams,
  success: { 200: stagePaymentsSchema },
} as const;

const target = (params: { id: number; stage: number }) => ({
  contractId: params.id,
  stageIndex: params.stage,
});

/**
 * A signed contract's later stages (issue 36): its payments, a stage asked for by email, money
 * taken by hand and its undo; and the public call behind an emailed payment link. Every
 * contractor route answers the contract's payments as they stand after it.
 */
export function registerStagePaymentRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preValidation = signedIn(deps);

  api.get(
    '/api/contracts/:id/payments',
    {
      preValidation,
      schema: describeRoute({
        tag: 'Payments',
        caller: 'contractor',
        summary: "A contract's payments, stage by stage",
        description:
          'Each stage of the payment plan with its status (unpaid, requested, processing, paid, refunded, partly_refunded), when and how it was paid, and until when a payment recorded by hand may be undone; with what is paid of the total. Anyone in the company may read it.',
        params: contractParams,
        success: { 200: stagePaymentsSchema },
        errors: [404],
      }),
    },
    (request) => listStagePayments(deps, contractorOf(request).user.companyId, request.params.id),
  );

  api.post(
    '/api/contracts/:id/payments/:stage/request',
    {
      preValidation,
      schema: describeRoute({
        ...stageRoute,
        summary: 'Ask the client to pay a stage',
        description:
          "Emails the client a link, /pay/<token>, to pay the stage online through the company's Stripe account (the link works 30 days). Only for a signed or completed contract and a company with Stripe connected; 409 for a stage already paid or with a bank payment on its way. It shares the client's mail budget with reminders: 429 with Retry-After when the contract's follow-up mails (one an hour, three a day) or the company's daily limit on client emails say wait.",
        errors: [404, 409],
      }),
    },
    async (request) => {
      const session = contractorOf(request);
      return requestStagePayment(deps, session.user, target(request.params), session.actor);
    },
  );

  api.post(
    '/api/contracts/:id/payments/:stage/record',
    {
      preValidation,
      schema: describeRoute({
        ...stageRoute,
        summary: 'Record a payment taken by hand',
        description:
          'Cash, a check or another way, on the day given (`paid_at`, YYYY-MM-DD on the company’s calendar, never after today), for the stage’s whole amount. The client is emailed a receipt. 409 "This stage is already paid" when a payment holds the stage (the database refuses a second). It may be undone for a day.',
        body: recordPaymentInputSchema,
        errors: [404, 409],
      }),
    },
    async (request) => {
      const { user } = contractorOf(request);
      return recordStagePayment(deps, user, target(request.params), request.body);
    },
  );

  api.post(
    '/api/contracts/:id/payments/:stage/undo',
    {
      preValidation,
      schema: describeRoute({
        ...stageRoute,
        summary: 'Undo a payment recorded by hand',
        description:
          'Within a day of recording it; the timeline keeps both, with who did each. 409 after that day, or for a payment made online (refund it in Stripe: its event records the refund).',
        errors: [404, 409],
      }),
    },
    async (request) => {
      const { user } = contractorOf(request);
      return undoRecordedPayment(deps, user, target(request.params));
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
}
