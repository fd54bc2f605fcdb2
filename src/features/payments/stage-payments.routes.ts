import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contractIdSchema } from '../../domain/contracts.schemas.js';
import {
  contractStageSchema,
  recordPaymentInputSchema,
  stagePaymentsSchema,
} from '../../domain/stage-payments.schemas.js';
import type { AppDeps } from '../../ports/app-deps.js';
import { describeRoute } from '../../rest/api-schema.js';
import { contractorOf, signedIn } from '../sessions/signed-in.js';
import { recordStagePayment, undoRecordedPayment } from './recorded-payments.service.js';
import { listStagePayments } from './stage-payments.service.js';

const contractParams = z.object({ id: contractIdSchema });
const stageRoute = {
  tag: 'Payments',
  caller: 'contractor',
  params: contractStageSchema,
  success: { 200: stagePaymentsSchema },
} as const;

const target = (params: { id: number; stage: number }) => ({
  contractId: params.id,
  stageIndex: params.stage,
});

/**
 * A signed contract's later stages (issue 36): its payments, and money taken by hand and its undo
 * (a stage asked for by email is payment-requests/). Each change answers the contract's payments
 * as they stand after it.
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
}
