import { z } from 'zod';
import { clientFormSchema } from './contracts.schemas.js';
import { coSignersSchema, signingOrderSchema } from './signers.js';

/**
 * POST /api/contracts/:id/send: the client the link goes to, and the others who sign beside them
 * (issue 37). Both must be the ones saved with the draft the contractor signed; left out, the
 * saved ones are used.
 */
export const sendInputSchema = z.object({
  client_data: clientFormSchema.extend({
    phone: clientFormSchema.shape.phone.optional().nullable(),
    address: clientFormSchema.shape.address.optional().nullable(),
  }),
  co_signers: coSignersSchema.optional().meta({
    description:
      'The other clients who sign, after the client of record (at most 3): each gets a link of their own.',
  }),
  signing_order: signingOrderSchema.optional().meta({
    description:
      '"together": every signer is mailed at once; "in_order": each after the one before signs.',
  }),
});
export type SendInput = z.infer<typeof sendInputSchema>;

export const sendResultSchema = z.object({
  id: z.number(),
  status: z.literal('sent'),
  sent_at: z.string(),
  link_expires_at: z.string(),
});
