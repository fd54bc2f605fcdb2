import { z } from 'zod';
import { webhookDeliverySummarySchema } from './webhooks.schemas.js';

/**
 * A delivery as Settings → API and `GET /api/webhooks/:id/deliveries` list it (issue 31): how
 * the sending went, and which contract the event is about, so a row can say "Contract #12 ·
 * Riley Webb". Never the payload itself: the receiver alone gets the body.
 */
export const listedWebhookDeliverySchema = webhookDeliverySummarySchema.extend({
  contract_id: z
    .number()
    .nullable()
    .meta({ description: 'The contract the event is about: its number on every screen.' }),
  client_name: z.string().nullable().meta({
    description:
      "The client's name on that contract; as the event carried it if the contract is no longer in the account.",
  }),
  contract_exists: z.boolean().meta({
    description: 'Whether the contract is still in this account (the screen then links to it).',
  }),
});

export type ListedWebhookDelivery = z.infer<typeof listedWebhookDeliverySchema>;
