import { z } from 'zod';
import { CONTRACT_STATUSES } from './contract-lifecycle.js';
import { LANGUAGES } from './i18n/languages.js';
import { cleanedScopeSchema, scopeSnippetsSchema } from './scope.schemas.js';
import {
  coSignersSchema,
  MAX_CO_SIGNERS,
  signerSchema,
  SIGNING_ORDERS,
  signingOrderSchema,
} from './signers.js';

/** Contract calls (issue 5). A draft may be partial but never malformed. */

export const MAX_STAGES = 20;
/** $100 million: far past any trade job, well inside safe integers. */
export const MAX_TOTAL_CENTS = 10_000_000_000;
/** A signature PNG from a phone-sized pad at 3x is well under this; the cap bounds the row. */
export const MAX_SIGNATURE_DATA_URL_CHARS = 700_000;

/** Empty text counts as "not filled in yet" and is stored as null. */
const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

const optionalEmail = z
  .string({ error: 'Invalid email address' })
  .trim()
  .max(254, 'Invalid email address')
  .refine((value) => value === '' || z.email().safeParse(value).success, 'Invalid email address')
  .transform((value) => (value === '' ? null : value.toLowerCase()))
  .nullable()
  .optional();

export const paymentStageSchema = z.object({
  label: z
    .string({ error: 'Each stage needs a label' })
    .trim()
    .max(100, 'Stage labels are at most 100 characters'),
  percent: z
    .number({ error: 'Stage percent must be a number' })
    .finite('Stage percent must be a number')
    .min(0, 'Stage percent must be between 0 and 100')
    .max(100, 'Stage percent must be between 0 and 100'),
  amount_cents: z
    .number({ error: 'Stage amount must be a whole number of cents' })
    .int('Stage amount must be a whole number of cents')
    .min(0, 'Stage amount cannot be negative'),
  trigger: z
    .string({ error: 'Each stage needs a trigger' })
    .trim()
    .max(200, 'Stage triggers are at most 200 characters'),
  /** The first stage only: collected online when the client signs (issue 36). */
  collect_at_signing: z.boolean({ error: 'collect_at_signing must be true or false' }).optional(),
});
export type PaymentStageInput = z.infer<typeof paymentStageSchema>;

/** PNG data URLs only: what signature_pad produces, and nothing a browser could execute. */
export const signaturePngSchema = z
  .string({ error: 'The signature must be a PNG image' })
  .max(MAX_SIGNATURE_DATA_URL_CHARS, 'The signature image is too large')
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, 'The signature must be a PNG image');

/**
 * The client's language: their mails, signing page and certificate headings, and the template
 * twin the contract is frozen with (docs/decisions/029).
 */
export const contractLanguageSchema = z.enum(LANGUAGES, {
  error: 'The client language must be en or es',
});

/** POST /api/contracts and PUT /api/contracts/:id. */
export const contractDraftInputSchema = z.object({
  client_id: z.null({ error: 'client_id is always null' }).optional(),
  client_name: optionalText(200, 'Client name is at most 200 characters'),
  client_email: optionalEmail,
  client_phone: optionalText(40, 'Phone is at most 40 characters'),
  client_address: optionalText(500, 'Address is at most 500 characters'),
  // No zod default: a save that leaves it out keeps the draft's language; a new draft is 'en'.
  language: contractLanguageSchema
    .optional()
    .meta({ description: "The client's language; English when a new draft leaves it out." }),
  scope_raw: scopeSnippetsSchema.optional(),
  scope_clean: cleanedScopeSchema
    .extend({
      paragraph: z.string().max(5000, 'The scope summary is at most 5,000 characters'),
      bullets: z
        .array(z.string().max(1000, 'Work items are at most 1,000 characters'))
        .max(200, 'At most 200 work items'),
    })
    .nullable()
    .optional(),
  total_price_cents: z
    .number({ error: 'total_price_cents must be a whole number of cents' })
    .int('total_price_cents must be a whole number of cents')
    .min(0, 'The total cannot be negative')
    .max(MAX_TOTAL_CENTS, 'The total is too large')
    .nullable()
    .optional(),
  payment_plan_json: z
    .array(paymentStageSchema, { error: 'payment_plan_json must be a list of stages' })
    .max(MAX_STAGES, `At most ${MAX_STAGES} payment stages`)
    .nullable()
    .optional(),
  home_sale: z
    .boolean({ error: 'home_sale must be true or false' })
    .optional()
    .meta({
      description:
        "Sold at the client's home or away from the contractor's place of business (16 CFR 429): " +
        'the contract then carries the FTC statement and the Notice of Cancellation. ' +
        'False when a new draft leaves it out.',
    }),
  // Accepted for the spec's payload shape; the signature itself is set only by sign-mine.
  my_signature_png: signaturePngSchema.nullable().optional(),
  // Issue 37: as `language`, left out keeps what the draft has.
  co_signers: coSignersSchema.optional().meta({
    description:
      `The other clients who sign beside the client of record (at most ${MAX_CO_SIGNERS}), ` +
      'each with a name, an email and an optional phone. Left out, a save keeps the saved ones; ' +
      '`[]` removes them. No email may be used twice among the client and the co-signers.',
  }),
  signing_order: signingOrderSchema.optional().meta({
    description:
      '"together": every signer is mailed at once; "in_order": each after the one before signs. ' +
      '"together" when a new draft leaves it out; left out, a save keeps the saved one.',
  }),
});
export type ContractDraftInput = z.infer<typeof contractDraftInputSchema>;

/** The message of a save refused because the draft changed since the version it names. */
export const STALE_DRAFT_MESSAGE =
  'This draft was changed on another device since this one last saw it';

/** POST /api/contracts: a draft, and the id a phone gave it (issue 40). */
export const contractCreateInputSchema = contractDraftInputSchema.extend({
  client_draft_id: z
    .uuid({ error: 'client_draft_id must be a UUID' })
    .optional()
    .meta({
      description:
        'An id the caller made for this draft (a UUID), so that sending the same draft twice ' +
        'makes one contract: a phone that drafted offline sends it, and a retry after a lost ' +
        'answer gets the contract the first call made, as it stands now (200 instead of 201), ' +
        'with nothing changed. Unique within the company; it cannot be changed later.',
    }),
});
export type ContractCreateInput = z.infer<typeof contractCreateInputSchema>;

/** PUT /api/contracts/:id: a draft, and the version the caller last saw (issue 40). */
export const contractUpdateInputSchema = contractDraftInputSchema.extend({
  base_version: z
    .number({ error: 'base_version must be a whole number' })
    .int('base_version must be a whole number')
    .positive('base_version must be a whole number')
    .optional()
    .meta({
      description:
        'The `draft_version` the caller last saw. When the draft has been saved since (by ' +
        `another device), the save is refused with 409 "${STALE_DRAFT_MESSAGE}" ` +
        'and nothing changes. Left out, the save applies whatever was saved in between.',
    }),
});
export type ContractUpdateInput = z.infer<typeof contractUpdateInputSchema>;

/** The contractor's own signature on what they send; `missing` names what is to be signed. */
export function signMineInputSchemaFor(missing: string) {
  return z.object({
    signature: z.string({ error: missing }).min(1, missing).pipe(signaturePngSchema),
  });
}

export const signMineInputSchema = signMineInputSchemaFor('Please sign the contract');

export const contractIdSchema = z.coerce
  .number({ error: 'Contract id must be a number' })
  .int('Contract id must be a whole number')
  .positive('Contract id must be a whole number');

export const clientDataSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable().optional(),
  address: z.string().nullable().optional(),
});

/** A person of the company as a contract names them: "Sent by Sam Diaz" (issue 35). */
export const personRefSchema = z.object({
  id: z.number(),
  /** Their name, or their email until they give one. */
  name: z.string(),
});
export type PersonRef = z.infer<typeof personRefSchema>;

/** Another signer of a contract as the contractor typed them (issue 37). */
export const coSignerSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
});
export type CoSigner = z.infer<typeof coSignerSchema>;

/** A signer on the contractor's page: "Opened 2 times, last Tue 3:14 PM" needs the last time. */
export const contractSignerSchema = signerSchema.extend({
  last_viewed_at: z.string().nullable(),
});
export type ContractSigner = z.infer<typeof contractSignerSchema>;

export const contractSchema = z.object({
  id: z.number(),
  status: z.enum(CONTRACT_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
  sent_at: z.string().nullable(),
  total_price_cents: z.number().nullable(),
  scope_raw: z.array(z.string()),
  scope_clean: cleanedScopeSchema.nullable(),
  client_id: z.null(),
  client_name: z.string().nullable(),
  client_email: z.string().nullable(),
  client_phone: z.string().nullable(),
  client_address: z.string().nullable(),
  language: contractLanguageSchema,
  /** Sold at the client's home or away from the business: the Notice of Cancellation applies. */
  home_sale: z.boolean().meta({
    description:
      "Sold at the client's home or away from the contractor's place of business (16 CFR 429): " +
      'the contract carries the FTC statement and the Notice of Cancellation.',
  }),
  payment_plan_json: z.array(paymentStageSchema).nullable(),
  my_signature_png: z.string().nullable(),
  my_signed_at: z.string().nullable(),
  client_data: clientDataSchema.nullable(),
  client_signed_at: z.string().nullable(),
  template_html: z.string().nullable(),
  company_name: z.string().nullable(),
  company_phone: z.string().nullable(),
  company_email: z.string().nullable(),
  /** While sent or expired: when the newest signing link stops working. */
  expires_at: z.string().nullable(),
  /** Declined or voided: when, and the reason the client or the contractor gave. */
  closed_at: z.string().nullable(),
  closed_reason: z.string().nullable(),
  last_reminder_at: z.string().nullable(),
  /** When the next automatic reminder goes; null when none will. */
  next_reminder_at: z.string().nullable(),
  /** When "Remind" may be used again (at most one reminder an hour); null when it may now. */
  remind_allowed_at: z.string().nullable(),
  /** The contract this one revises, the first of its line, its number in the line. */
  revision_of: z.number().nullable(),
  original_id: z.number().nullable(),
  revision_number: z.number(),
  /** The revision made from this contract, if any. */
  revised_as: z.number().nullable(),
  /** Who of the company wrote it, and who signed and sent it (null while a draft). */
  created_by: personRefSchema.nullable(),
  sent_by: personRefSchema.nullable(),
  // Issue 37: several client signers.
  co_signers: z.array(coSignerSchema).meta({
    description:
      "The other clients who sign after the client of record: a draft's as saved, a sent " +
      "contract's from its signers (all but the first). Empty when the client signs alone.",
  }),
  signing_order: z.enum(SIGNING_ORDERS).meta({
    description:
      '"together": every signer was or will be mailed at once; "in_order": each after the one before signs.',
  }),
  signers: z.array(contractSignerSchema).meta({
    description:
      'Who signs a sent contract, the client of record first, each with their status ' +
      '(waiting for their turn, sent, viewed, signed, declined), openings, reminders and times. ' +
      'Empty for a draft: its signers are the client and `co_signers`.',
  }),
  // Issue 40: offline drafting.
  client_draft_id: z
    .string()
    .nullable()
    .meta({
      description:
        'The id the caller gave the draft when creating it (`client_draft_id`), by which a ' +
        'phone that drafted offline knows its contract; null for a draft created without one.',
    }),
  draft_version: z
    .number()
    .int()
    .meta({
      description:
        'Counts the changes of the draft, from 1: each save that changes what the contract ' +
        "says, and the contractor's signature, adds one; a save that changes nothing leaves it. " +
        "Send it back as `base_version` so that a save made over another device's is refused; " +
        'a save that asks for what is already stored is answered 200 whatever its version (a ' +
        'retry whose first answer was lost).',
    }),
});
export type Contract = z.infer<typeof contractSchema>;

export const contractSummarySchema = contractSchema
  .pick({
    id: true,
    status: true,
    created_at: true,
    updated_at: true,
    sent_at: true,
    total_price_cents: true,
    client_name: true,
    expires_at: true,
    last_reminder_at: true,
    original_id: true,
    revision_number: true,
    closed_at: true,
    created_by: true,
    sent_by: true,
  })
  .extend({
    /** True when an email about this contract could not be delivered after every retry. */
    email_failed: z.boolean(),
    /** How often the client opened it, and when last; null before sending. */
    views: z.object({ count: z.number(), last_at: z.string().nullable() }).nullable(),
    // Issue 36: what the card and the "Payment due" filter read.
    /** Paid so far, net of refunds; bank payments count once they clear. */
    paid_cents: z.number().int(),
    /** Since when a payment has been due and not paid (the deposit, a requested stage); null: none. */
    payment_due_at: z.string().nullable(),
    // Issue 37: the card's "1 of 2 signed".
    signers: z.object({ total: z.number().int(), signed: z.number().int() }).meta({
      description:
        'How many clients sign it, and how many have signed (a draft counts its client alone).',
    }),
  });
export type ContractSummary = z.infer<typeof contractSummarySchema>;

/** Step 2 of the wizard: name and email required, phone and address optional. */
export const clientFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(2, 'Name must be at least 2 characters')
    .max(200, 'At most 200 characters'),
  email: z
    .string()
    .trim()
    .pipe(z.email({ error: 'Invalid email address' })),
  phone: z.string().trim().max(40, 'At most 40 characters'),
  address: z.string().trim().max(500, 'At most 500 characters'),
});
export type ClientForm = z.input<typeof clientFormSchema>;

/** One entry of a contract's audit trail (docs/decisions/021). */
export const contractEventSchema = z.object({
  id: z.number(),
  type: z.string(),
  at: z.string(),
  actor: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  /** On a contract's timeline, a step of one of its change orders (issue 38): which one. */
  change_order: z.object({ id: z.number(), number: z.number() }).nullable().optional(),
});
export type ContractEvent = z.infer<typeof contractEventSchema>;
