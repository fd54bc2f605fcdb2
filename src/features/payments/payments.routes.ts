import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../ports/app-deps.js';
import { describeRoute } from '../../rest/api-schema.js';
import { requestClient } from '../sessions/request-context.js';
import { contractorOf, signedIn } from '../sessions/signed-in.js';
import {
  getPaymentSettings,
  testPaymentConnection,
  updatePaymentSettings,
} from './payment-settings.service.js';
import {
  connectionTestSchema,
  paymentSettingsInputSchema,
  paymentSettingsSchema,
} from './payments.schemas.js';
import { registerStripeEventRoute } from './stripe-events.routes.js';
// Issue 36, later stages.
import { registerStagePaymentRoutes } from './stage-payments.routes.js';

const tag = 'Payments';
const OWNER_ONLY_NOTE = 'Owners only; a member gets 403 naming who can.';

/** /api/payments (issue 36): the company's Stripe account, and Stripe's events. */
export function registerPaymentRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preValidation = signedIn(deps);

  api.get(
    '/api/payments/settings',
    {
      preValidation,
      schema: describeRoute({
        tag,
        summary: "The company's Stripe connection",
        description:
          'Keys masked, the methods offered, and the webhook URL and events to set up in Stripe. Anyone in the company may read it.',
        caller: 'contractor',
        success: { 200: paymentSettingsSchema },
      }),
    },
    (request) => getPaymentSettings(deps, contractorOf(request).user),
  );

  api.put(
    '/api/payments/settings',
    {
      preValidation,
      schema: describeRoute({
        tag,
        summary: 'Connect Stripe, or change the methods offered',
        description: `The secret (or restricted) key and the webhook signing secret are stored encrypted and answered masked. A field left out stays as it is; an empty string disconnects it. ${OWNER_ONLY_NOTE}`,
        caller: 'contractor',
        body: paymentSettingsInputSchema,
        success: { 200: paymentSettingsSchema },
        errors: [403],
      }),
    },
    (request) =>
      updatePaymentSettings(deps, contractorOf(request).user, request.body, requestClient(request)),
  );

  api.post(
    '/api/payments/settings/test',
    {
      preValidation,
      schema: describeRoute({
        tag,
        summary: 'Test the Stripe connection',
        description: `Reads the Stripe account with the saved key and answers its name. 400 when Stripe refuses the key, 502 when Stripe cannot be reached. ${OWNER_ONLY_NOTE}`,
        caller: 'contractor',
        success: { 200: connectionTestSchema },
        errors: [400, 403, 502],
      }),
    },
    (request) => testPaymentConnection(deps, contractorOf(request).user),
  );

  registerStripeEventRoute(app, deps);

  // Issue 36, later stages: a contract's payments, a payment recorded by hand and its undo.
  registerStagePaymentRoutes(app, deps);
}
