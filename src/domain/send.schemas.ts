import { z } from 'zod';
import { clientFormSchema } from './contracts.schemas.js';

/** POST /api/contracts/:id/send: the client the link goes to. */
export const sendInputSchema = z.object({
  client_data: clientFormSchema.extend({
    phone: clientFormSchema.shape.phone.optional().nullable(),
    address: clientFormSchema.shape.address.optional().nullable(),
  }),
});
export type SendInput = z.infer<typeof sendInputSchema>;

export const sendResultSchema = z.object({
  id: z.number(),
  status: z.literal('sent'),
  sent_at: z.string(),
  link_expires_at: z.string(),
});
