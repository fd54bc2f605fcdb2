import { z } from 'zod';
import { CLOSED_VIEW_STATUSES, SIGNABLE_VIEW_STATUSES } from './contract-lifecycle.js';
import { signaturePngSchema } from './contracts.schemas.js';
import { DECLINE_REASON_MAX, DECLINE_REASON_MIN } from './follow-up.schemas.js';
import { messagesFor } from './i18n/catalogue.js';
import { LANGUAGES, type Language } from './i18n/languages.js';
import { SIGNER_STATUSES } from './signers.js';

/** The language the homeowner reads the page and the mails in (issue 20). */
const readingLanguage = z
  .enum(LANGUAGES)
  .meta({ description: "The client's language: en (English) or es (Spanish)." });

/** The homeowner's calls, by signing link: what they see and how they sign. */

/**
 * GET /api/esign/:token: what the homeowner may see, under the Contract field names of the API,
 * and nothing of the contractor's account or of the link itself.
 */
/** A signer as every signer's page shows them (issue 37): no email, no device, no image. */
export const esignSignerSchema = z.object({
  name: z.string(),
  status: z.enum(SIGNER_STATUSES),
  signed_at: z.string().nullable(),
  /** The link's own signer. */
  you: z.boolean(),
});

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
  /** When the contract became signed: its last signer signed. */
  client_signed_at: z.string().nullable(),
  my_signed_at: z.string().nullable(),
  expires_at: z.string(),
  /** Issue 37: everyone who signs, in order, the link's own signer marked `you`. */
  signers: z.array(esignSignerSchema),
  /** When this link's signer signed; null before. */
  you_signed_at: z.string().nullable(),
  /**
   * Signing in order, the signer whose turn it is while it is not this link's (the page says
   * "Waiting for Dana to sign first" and takes no signature); null otherwise.
   */
  waiting_for: z.string().nullable(),
  consent_version: z.string().meta({
    description: 'The version of the ESIGN notice the signing page shows; send it back to sign.',
  }),
  consent_sha256: z.string().meta({
    description:
      "SHA-256 of that notice's text in `language`, with the contractor's details as they are " +
      'now; send it back to sign.',
  }),
  paper_copy_fee_cents: z.number().nullable().meta({
    description: "The contractor's fee for a paper copy, as the notice prints it; null: no fee.",
  }),
  /** True once the sealed PDF exists: the client may download it through the link. */
  executed_pdf: z.boolean(),
  language: readingLanguage,
  /** Issue 36: the deposit due at signing, while unpaid; POST /api/esign/:token/pay pays it. */
  payment_due: z
    .object({
      stage: z.number().describe("The stage's position in the plan, from 0"),
      label: z.string(),
      amount_cents: z.number(),
    })
    .nullable(),
  /**
   * Issue 38: a change order names itself and its contract ("Change Order 2 to Contract #12"),
   * with its change in price; `total_price_cents` is then the new total. Null for a contract.
   */
  change_order: z
    .object({
      number: z.number(),
      contract_id: z.number(),
      price_change_cents: z.number(),
    })
    .nullable(),
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
  /** Declined by another of the contract's signers (issue 37): their name; null otherwise. */
  declined_by: z.string().nullable(),
  language: readingLanguage,
  /** Issue 38: a change order's number and its contract, so its notice says so; null otherwise. */
  change_order: z.object({ number: z.number(), contract_id: z.number() }).nullable(),
});
export type EsignClosedView = z.infer<typeof esignClosedViewSchema>;

/** GET /api/esign/:token answers one or the other, told apart by `status`. */
export const esignAnswerSchema = z.union([esignViewSchema, esignClosedViewSchema]);
export type EsignAnswer = z.infer<typeof esignAnswerSchema>;

/** The longest name a signer may type: it is printed under their signature. */
export const SIGNER_NAME_MAX = 120;

/**
 * POST /api/esign/:token: the client's signature, their typed name, and their consent to the
 * ESIGN notice the page showed. The messages are in the page's language: the route validates
 * again with this schema in that language when the documented (English) one refuses.
 */
export function esignSignInputSchemaIn(language: Language) {
  const words = messagesFor(language).signing;
  return z.object({
    signature: z
      .string({ error: words.refusals.signatureMissing })
      .min(1, words.refusals.signatureMissing)
      .pipe(signaturePngSchema),
    consent: z.literal(true, { error: words.consentMissing }),
    /** The signer's own name, printed under their signature (issue 32). */
    signer_name: z
      .string({ error: words.signerName.missing })
      // One line, single spaces: it is printed under a signature.
      .overwrite((name) => name.replace(/\s+/g, ' ').trim())
      .min(1, words.signerName.missing)
      .max(SIGNER_NAME_MAX, words.signerName.tooLong(SIGNER_NAME_MAX))
      // Optional for the API's callers written before the field (issue 32); the
      // signing page always sends it and a blank one is refused.
      .optional()
      .meta({
        description:
          `The signer's full name as they typed it, at most ${SIGNER_NAME_MAX} characters; ` +
          "printed under their signature. The signing page fills in the contract's " +
          '`client_name` for them to correct. Blank is refused (400). Absent (callers written ' +
          'before this field): no typed name is recorded, and the `client_name` the contractor ' +
          'entered is printed instead.',
      }),
    consent_version: z
      .string()
      .max(40)
      .optional()
      .meta({
        description:
          'The ESIGN notice version shown (`consent_version` of GET). Absent: the current one. ' +
          'An unknown version is refused (400); an older one must be read again (409).',
      }),
    consent_language: readingLanguage.optional().meta({
      description:
        "The language the notice was shown in: the contract's `language`. Absent: that " +
        'language. Another language is refused (400).',
    }),
    consent_sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/, 'consent_sha256 must be 64 lowercase hex digits')
      .optional()
      .meta({
        description:
          "The SHA-256 of the notice shown (`consent_sha256` of GET). When the contractor's " +
          'details in the notice changed since, the signature is refused (409) so it can be ' +
          'read again. Absent: the notice as it reads now is recorded.',
      }),
    /** The signer's IANA time zone as the browser reports it, for the certificate. */
    time_zone: z
      .string()
      .max(64)
      .regex(/^[A-Za-z0-9_+\-/]+$/, 'Invalid time zone')
      .optional(),
  });
}

/** The documented schema, with English messages. */
export const esignSignInputSchema = esignSignInputSchemaIn('en');
export type EsignSignInput = z.infer<typeof esignSignInputSchema>;

/**
 * POST /api/esign/:token/decline: the reason the contractor is emailed, with the page's language
 * so a refusal comes in it (issue 32). The same limits as declineInputSchema.
 */
export function esignDeclineInputSchemaIn(language: Language) {
  const words = messagesFor(language).signing.decline;
  return z.object({
    reason: z
      .string({ error: words.reasonMissing })
      .trim()
      .min(DECLINE_REASON_MIN, words.reasonTooShort(DECLINE_REASON_MIN))
      .max(DECLINE_REASON_MAX, words.reasonTooLong(DECLINE_REASON_MAX.toLocaleString('en-US'))),
    language: readingLanguage.optional().meta({
      description: "The signing page's language: a refusal's message comes in it.",
    }),
  });
}

/** The documented schema, with English messages. */
export const esignDeclineInputSchema = esignDeclineInputSchemaIn('en');

export const esignSignResultSchema = z.object({
  /** `sent` while other signers have still to sign (issue 37). */
  status: z.enum(SIGNABLE_VIEW_STATUSES),
  /** When the contract became signed: null while others have still to sign. */
  client_signed_at: z.string().nullable(),
  /** When this signer signed. */
  you_signed_at: z.string(),
});
export type EsignSignResult = z.infer<typeof esignSignResultSchema>;

/** POST /api/esign/:token/pay: Stripe's Checkout page for the deposit (issue 36). */
export const esignPayAnswerSchema = z.object({
  url: z.string().describe("Stripe Checkout's page; send the client's browser there"),
});
