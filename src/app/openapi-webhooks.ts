import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import {
  WEBHOOK_EVENT_TYPES,
  webhookPayloadSchema,
  type WebhookEventType,
} from '../domain/webhooks.schemas.js';

/** What each event tells a receiver, for the reference page. */
const eventMeaning: Record<WebhookEventType, string> = {
  'contract.sent': 'The contract was sent to the client (or reopened with a new signing link).',
  'contract.viewed': 'The client opened the contract for the first time.',
  'contract.signer_signed':
    'One of the clients signed (`data.signer`); with several signers, each signature is one event, before `contract.signed`.',
  'contract.signed': 'Every client signed: the contract is signed.',
  'contract.completed': 'Both signed and the sealed PDF exists: `executed_pdf_url` fetches it.',
  'contract.declined': 'The client declined to sign.',
  'contract.voided': 'The contractor withdrew the contract (voided, or replaced by a revision).',
  'contract.expired': 'The signing link ran out before the client signed.',
  'payment.succeeded':
    'A stage was paid: online (card, or a bank payment that cleared) or recorded by hand. `data.payment` says which.',
  'payment.processing': 'A bank payment (ACH) started; it clears or fails in a few days.',
  'payment.failed': 'A bank payment failed; the stage is unpaid again.',
  'payment.refunded': 'A payment was refunded in full or in part (`data.payment.refunded_cents`).',
  'change_order.sent':
    'A change order was sent to the signers of its contract (`data.change_order`: its number, contract and money).',
  'change_order.signed':
    "Every client signed a change order: the contract's total and stages are now the change order's.",
  'change_order.declined': 'A client declined to sign a change order; the contract is unchanged.',
};

const header = (name: string, description: string): OpenAPIV3_1.ParameterObject => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
});

const signatureHeaders = [
  header('webhook-id', 'The event id (msg_…): the same on every retry and redelivery.'),
  header('webhook-timestamp', 'Seconds since 1970 when this try was signed.'),
  header(
    'webhook-signature',
    '`v1,<base64 HMAC-SHA256 of id.timestamp.body>` with the endpoint secret; during a rotation, two space-separated.',
  ),
];

/**
 * How a receiver knows a request is ours (docs/decisions/025): the Standard Webhooks signature in
 * `webhook-signature`, over `webhook-id`, `webhook-timestamp` and the body, with the endpoint's
 * secret. Declared as the webhooks' security scheme, so a reader (and a linter) sees that each
 * one is authenticated, and how.
 */
export const WEBHOOK_SIGNATURE_SCHEME = 'standardWebhooksSignature';

export const webhookSignatureScheme: OpenAPIV3_1.SecuritySchemeObject = {
  type: 'apiKey',
  in: 'header',
  name: 'webhook-signature',
  description:
    'Sent by this server to your endpoint: `v1,<base64 HMAC-SHA256>` of `webhook-id.webhook-timestamp.body` with the endpoint secret (whsec_…), as the Standard Webhooks spec says. Verify it with a Standard Webhooks library (or Svix’s), which also refuses a timestamp more than 5 minutes old, before trusting the body.',
};

/** Each event's operation id: `contract.sent` is `contractSent`. */
const operationIdOf = (type: WebhookEventType) =>
  type.replace(/\.(\w)/g, (_dot, letter: string) => letter.toUpperCase());

/**
 * The `webhooks` section of /api/openapi.json (OpenAPI 3.1): each event a receiver may get, its
 * signed headers and its body, generated from the payload schema the server builds it with.
 */
export function webhooksDocument(): Record<string, OpenAPIV3_1.PathItemObject> {
  const { $schema: _ignored, ...payload } = z.toJSONSchema(webhookPayloadSchema, {
    target: 'draft-2020-12',
    io: 'output',
  });
  // Checked as OpenAPI by src/app/openapi.test.ts; openapi-types' 3.0/3.1 unions do not meet.
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          tags: ['Webhooks'],
          operationId: operationIdOf(type),
          summary: type,
          description: `${eventMeaning[type]} Signed as the Standard Webhooks spec says; verify before trusting it.`,
          parameters: signatureHeaders,
          security: [{ [WEBHOOK_SIGNATURE_SCHEME]: [] }],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: payload } },
          },
          responses: {
            '200': { description: 'Any 2xx: received. Anything else is retried for about 3 days.' },
            '410': { description: 'Gone: stop sending to this endpoint.' },
          },
        },
      },
    ]),
  ) as unknown as Record<string, OpenAPIV3_1.PathItemObject>;
}
