import { z } from 'zod';

/** The legal acknowledgment. */

export const typedNameSchema = z
  .string({ error: 'Please type your full name' })
  .trim()
  .min(2, 'Please type your full name')
  .max(200, 'At most 200 characters');

export const acceptanceInputSchema = z.object({
  type: z.literal('legal_disclaimer', { error: "type must be 'legal_disclaimer'" }),
  typed_name: typedNameSchema,
});
export type AcceptanceInput = z.infer<typeof acceptanceInputSchema>;

/** The legal page's form: the box must be ticked before anything is sent. */
export const legalFormSchema = z.object({
  accepted: z.boolean().refine((accepted) => accepted, 'You must accept to continue'),
  typed_name: typedNameSchema,
});

export const acceptanceStatusSchema = z.object({
  /** True when the current disclaimer version has been accepted. */
  accepted: z.boolean(),
  typed_name: z.string().nullable(),
  accepted_at: z.string().nullable(),
  disclaimer_version: z.string(),
});
export type AcceptanceStatus = z.infer<typeof acceptanceStatusSchema>;
