import { z } from 'zod';
import { CLOSED_VIEW_STATUSES, SIGNABLE_VIEW_STATUSES } from './contract-lifecycle.js';
import { signaturePngSchema } from './contracts.schemas.js';
import { LANGUAGES } from './i18n/languages.js';

/** The language the homeowner reads the page and the mails in (issue 20). */
const readingLanguage = z
  .enum(LANGUAGES)
  .meta({ description: "The client's language: en (English) or es (Spanish)." });

/** The homeowner's calls, by signing link: what they see and how they sign. */

/**
 * GET /api/esign/:token: what the homeowner may see, under the Contract field names of the API,
 * and nothing of the contractor's account or of the link itself.
 */
export const esignViewSchema = z.object({
  id: z.number(),
  status: z.enum(SIGNABLE_VIEW_STATUSES),
  created_at: z.string(),
  total_price_cents: z.number().nullable(),
  client_name: z.string().nullable(),
  company_name: z.string().nullable(),
  company_phone: z.string().nullable(),
  company_email: z.string().nullable(),
  /** The frozen document, as shown, hashed and printed (docs/decisions/016). */
  template_html: z.string(),
  client_signed_at: z.string().nullable(),
  my_signed_at: z.string().nullable(),
  expires_at: z.string(),
  consent_version: z.string(),
  /** True once the sealed PDF exists: the client may download it through the link. */
  executed_pdf: z.boolean(),
  language: readingLanguage,
});
export type EsignView = z.infer<typeof esignViewSchema>;

/**
 * A link whose contract expired, was declined or was withdrawn (issue 17): no document, only
 * what the page says and whom to ask for a new link.
 */
export const esignClosedViewSchema = z.object({
  id: z.number(),
  status: z.enum(CLOSED_VIEW_STATUSES),
  company_name: z.string().nullable(),
  company_phone: z.string().nullable(),
  company_email: z.string().nullable(),
  /** When it was declined or withdrawn, or when the link expired. */
  closed_at: z.string().nullable(),
  /** The contractor's reason for withdrawing (a decline's reason is the client's own). */
  closed_reason: z.string().nullable(),
  language: readingLanguage,
});
export type EsignClosedView = z.infer<typeof esignClosedViewSchema>;

/** GET /api/esign/:token answers one or the other, told apart by `status`. */
export const esignAnswerSchema = z.union([esignViewSchema, esignClosedViewSchema]);
export type EsignAnswer = z.infer<typeof esignAnswerSchema>;

/** POST /api/esign/:token: the client's signature, given with consent to sign electronically. */
export const esignSignInputSchema = z.object({
  signature: z
    .string({ error: 'Please sign the contract' })
    .min(1, 'Please sign the contract')
    .pipe(signaturePngSchema),
  consent: z.literal(true, { error: 'Consent to sign electronically is required' }),
  consent_version: z.string().max(40).optional(),
  /** The language the disclosure was shown in; English when absent. */
  consent_language: z.enum(LANGUAGES).optional(),
  /** The signer's IANA time zone as the browser reports it, for the certificate. */
  time_zone: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9_+\-/]+$/, 'Invalid time zone')
    .optional(),
});

export const esignSignResultSchema = z.object({
  status: z.enum(SIGNABLE_VIEW_STATUSES),
  client_signed_at: z.string(),
});
export type EsignSignResult = z.infer<typeof esignSignResultSchema>;
