import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createWebhookInputSchema,
  createdWebhookSchema,
  rotatedWebhookSecretSchema,
  webhookByIdSchema,
  webhookDeliveryIdSchema,
  webhookEndpointSummarySchema,
  webhookIdSchema,
} from '../../domain/webhooks.schemas.js';
import { listedWebhookDeliverySchema } from '../../domain/webhook-deliveries.schemas.js';
import { describeRoute, doneAnswerSchema } from '../../rest/api-schema.js';
import { contractorOf, signedIn } from '../sessions/signed-in.js';
import type { AppDeps } from '../../ports/app-deps.js';
import { listWebhookDeliveries, redeliverWebhookDelivery } from './webhook-deliveries.service.js';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookSecret,
  webhookCallerOf,
} from './webhooks.service.js';

const webhookRoute = { tag: 'Webhooks', caller: 'contractor' } as const;
const deliveryParams = z.object({ id: webhookIdSchema, deliveryId: webhookDeliveryIdSchema });

/** /api/webhooks: where an account's contract events are sent, and how each sending went. */
export function registerWebhookRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preValidation = signedIn(deps);
  // A key's calls reach only the endpoints it registered; a person's reach the account's all.
  const caller = (request: Parameters<typeof contractorOf>[0]) =>
    webhookCallerOf(contractorOf(request));

  api.get(
    '/api/webhooks',
    {
      preValidation,
      schema: describeRoute({
        ...webhookRoute,
        summary: 'List webhook endpoints',
        description:
          "Never their secrets. With an API key, only the endpoints that key registered; a person signed in sees all of the account's.",
        success: { 200: z.array(webhookEndpointSummarySchema) },
      }),
    },
    async (request) => listWebhookEndpoints(deps.db, caller(request)),
  );

  api.post(
    '/api/webhooks',
    {
      preValidation,
      schema: describeRoute({
        ...webhookRoute,
        summary: 'Register a webhook endpoint',
        description:
          'An https:// URL on a public address and the events to send. The answer holds the signing secret (whsec_…): the only time it is shown. Each delivery is signed as the Standard Webhooks spec says (webhook-id, webhook-timestamp, webhook-signature). An endpoint registered with an API key is stopped when that key is revoked.',
        body: createWebhookInputSchema,
        success: { 201: createdWebhookSchema },
        errors: [403, 409],
      }),
    },
    async (request, reply) => {
      const caller = webhookCallerOf(contractorOf(request));
      const created = await createWebhookEndpoint(deps, caller, request.body);
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  api.delete(
    '/api/webhooks/:id',
    {
      preValidation,
      schema: describeRoute({
        ...webhookRoute,
        summary: 'Delete a webhook endpoint',
        description: 'Its waiting deliveries are dropped.',
        params: webhookByIdSchema,
        success: { 200: doneAnswerSchema },
        errors: [404],
      }),
    },
    async (request) => {
      await deleteWebhookEndpoint(deps.db, caller(request), request.params.id);
      return { ok: true as const };
    },
  );

  api.post(
    '/api/webhooks/:id/rotate-secret',
    {
      preValidation,
      schema: describeRoute({
        ...webhookRoute,
        summary: 'Rotate the signing secret',
        description:
          'Answers the new secret, shown once. For 24 hours deliveries carry signatures by both the new and the previous secret, so a receiver can switch without missing one.',
        params: webhookByIdSchema,
        success: { 200: rotatedWebhookSecretSchema },
        errors: [404],
      }),
    },
    async (request, reply) => {
      const rotated = await rotateWebhookSecret(deps, caller(request), request.params.id);
      return reply.header('cache-control', 'no-store').send(rotated);
    },
  );

  api.get(
    '/api/webhooks/:id/deliveries',
    {
      preValidation,
      schema: describeRoute({
        ...webhookRoute,
        summary: "An endpoint's last deliveries",
        description:
          'The newest 50: the event, the contract it is about (`contract_id`, `client_name`; `contract_exists` is false once the contract is no longer in the account), the status code, attempts and the next try. Never the body that was sent.',
        params: webhookByIdSchema,
        success: { 200: z.array(listedWebhookDeliverySchema) },
        errors: [404],
      }),
    },
    async (request) => listWebhookDeliveries(deps.db, caller(request), request.params.id),
  );

  api.post(
    '/api/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      preValidation,
      schema: describeRoute({
        ...webhookRoute,
        summary: 'Send a delivery again',
        description:
          'Queued at once, with the same webhook-id, so a receiver that already has it can tell. Answers the delivery that will be sent, as the list shows it.',
        params: deliveryParams,
        success: { 200: listedWebhookDeliverySchema },
        errors: [404, 409],
      }),
    },
    async (request) =>
      redeliverWebhookDelivery(deps, caller(request), request.params.id, request.params.deliveryId),
  );
}
