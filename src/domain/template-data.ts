import { z } from 'zod';

/**
 * The data a contract template sees ("Template data model"), the zod schema that
 * checks it, and the sample the template editor previews with (total $5,000.00,
 * placeholder company values when preferences are missing).
 */

export interface CompanyData {
  name: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  website: string | null;
  /** An image URL or data URL, or null when no logo was uploaded. */
  logo: string | null;
}

export interface ClientData {
  name: string;
  email: string;
  phone: string | null;
  /** Shown to users as 'Project Address'. */
  address: string | null;
}

export interface PaymentStageData {
  label: string;
  percent: number;
  amount_cents: number;
  trigger: string;
  /** Collected online when the client signs (issue 36); the first stage only. */
  collect_at_signing?: boolean;
}

/** A signature: all null until that party signs. `png` is an image data URL. */
export interface SignatureData {
  typed_name: string | null;
  /** ISO timestamp of the signing. */
  timestamp: string | null;
  png: string | null;
}

/**
 * One client who signs (issue 37, docs/decisions/048), in signing order: the client of record
 * first. Templates write `{{#each signers}}{{name}} {{date signed_at}}{{/each}}`; inside the loop
 * `signature` is that signer's, so it is always present (all null until they sign), never left
 * to fall through to the contractor's.
 */
export interface SignerData {
  name: string;
  email: string;
  phone: string | null;
  /** ISO time they signed; null until they do. */
  signed_at: string | null;
  signature: SignatureData;
}

export interface ContractTemplateData {
  company: CompanyData;
  client: ClientData;
  scope: { paragraph: string; bullets: string[] };
  contract: {
    total_cents: number;
    /**
     * Sold at the client's home or away from the contractor's place of business (16 CFR 429):
     * a template shows the rule's statement by the client's signature when it is true. Absent
     * from documents frozen before it existed (issue 32): not a home sale.
     */
    home_sale?: boolean;
    /**
     * The deposit collected online when the client signs (issue 36): the document says it is
     * due at signing. Absent when the plan collects nothing at signing.
     */
    deposit_due_cents?: number;
  };
  payments: PaymentStageData[];
  /** YYYY-MM-DD. */
  today: string;
  /** The contractor's signature. */
  signature: SignatureData;
  /** The client of record's signature, filled in after they sign (templates before issue 37). */
  client_signature: SignatureData;
  /** Every client who signs, the client of record first. */
  signers: SignerData[];
  /** A change order's document only (issue 38): the change and its AIA G701 lines. */
  change_order?: ChangeOrderData;
}

/** What a Change Order document prints (issue 38, docs/decisions/049). */
export interface ChangeOrderData {
  number: number;
  contract_id: number;
  /** The date the changed contract carries (YYYY-MM-DD). */
  contract_date: string;
  description: string;
  original_sum_cents: number;
  earlier_changes_cents: number;
  sum_before_cents: number;
  price_change_cents: number;
  /** More than before: the document prints "+". */
  is_increase: boolean;
  sum_after_cents: number;
  /** The contract time in net days; null when this change order does not change it. */
  days: { before: number; change: number; after: number } | null;
  stages_before: PaymentStageData[];
  stages_after: PaymentStageData[];
}

const signatureSchema = z.object({
  typed_name: z.string().nullable(),
  timestamp: z.string().nullable(),
  png: z.string().nullable(),
});

const stageDataSchema = z.object({
  label: z.string(),
  percent: z.number(),
  amount_cents: z.number().int(),
  trigger: z.string(),
  collect_at_signing: z.boolean().optional(),
});

function changeOrderDataSchema() {
  return z.object({
    number: z.number().int(),
    contract_id: z.number().int(),
    contract_date: z.string(),
    description: z.string(),
    original_sum_cents: z.number().int(),
    earlier_changes_cents: z.number().int(),
    sum_before_cents: z.number().int(),
    price_change_cents: z.number().int(),
    is_increase: z.boolean(),
    sum_after_cents: z.number().int(),
    days: z
      .object({ before: z.number().int(), change: z.number().int(), after: z.number().int() })
      .nullable(),
    stages_before: z.array(stageDataSchema),
    stages_after: z.array(stageDataSchema),
  });
}

export const contractTemplateDataSchema = z.object({
  company: z.object({
    name: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    address: z.string().nullable(),
    website: z.string().nullable(),
    logo: z.string().nullable(),
  }),
  client: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
  }),
  scope: z.object({ paragraph: z.string(), bullets: z.array(z.string()) }),
  contract: z.object({
    total_cents: z.number().int(),
    home_sale: z.boolean().optional(),
    deposit_due_cents: z.number().int().optional(),
  }),
  payments: z.array(
    z.object({
      label: z.string(),
      percent: z.number(),
      amount_cents: z.number().int(),
      trigger: z.string(),
      collect_at_signing: z.boolean().optional(),
    }),
  ),
  today: z.iso.date(),
  signature: signatureSchema,
  client_signature: signatureSchema,
  signers: z.array(
    z.object({
      name: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
      signed_at: z.string().nullable(),
      signature: signatureSchema,
    }),
  ),
  change_order: z.optional(changeOrderDataSchema()),
}) satisfies z.ZodType<ContractTemplateData>;

/** Shown in the preview when the contractor has not filled in their company details yet. */
export const PLACEHOLDER_COMPANY: CompanyData = {
  name: 'Your Company Name',
  phone: '(555) 000-0000',
  email: 'you@yourcompany.com',
  address: '123 Main Street, Your City, ST 00000',
  website: null,
  logo: null,
};

function given(value: string | null | undefined, placeholder: string | null): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : placeholder;
}

function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

const NOT_SIGNED: SignatureData = { typed_name: null, timestamp: null, png: null };

const SAMPLE_SIGNERS = [
  { name: 'Jordan Rivera', email: 'jordan@example.com', phone: '5551234567' },
  { name: 'Morgan Rivera', email: 'morgan@example.com', phone: null },
] as const;

/**
 * Realistic data for the template editor's preview: a landscaping job for Jordan Rivera, $5,000.00
 * in three stages, signed by Jordan and Morgan Rivera (two owners on the title, so a template's
 * `{{#each signers}}` shows what it repeats, and a saved template is held to the page limit with
 * both). Each company field given (non-empty) replaces its placeholder.
 */
export function sampleTemplateData(
  company?: Partial<CompanyData> | null,
  today?: string,
): ContractTemplateData {
  const fields = company ?? {};
  return {
    company: {
      name: given(fields.name, PLACEHOLDER_COMPANY.name),
      phone: given(fields.phone, PLACEHOLDER_COMPANY.phone),
      email: given(fields.email, PLACEHOLDER_COMPANY.email),
      address: given(fields.address, PLACEHOLDER_COMPANY.address),
      website: given(fields.website, PLACEHOLDER_COMPANY.website),
      logo: given(fields.logo, PLACEHOLDER_COMPANY.logo),
    },
    client: {
      name: 'Jordan Rivera',
      email: 'jordan@example.com',
      phone: '5551234567',
      address: '42 Maple Street, Springfield, IL 62704',
    },
    scope: {
      paragraph:
        'Renovate the front and back yards: clear the existing overgrown beds, regrade the lawn ' +
        'for drainage, install new sod and planting beds, and add a paver walkway to the front door.',
      bullets: [
        'Remove existing shrubs, weeds and debris from all planting beds',
        'Regrade and lay 2,000 sq ft of new sod',
        'Plant 12 native shrubs and mulch all beds',
        'Install a 40 ft paver walkway from the driveway to the front door',
      ],
    },
    contract: { total_cents: 500_000, home_sale: false },
    payments: [
      { label: 'Stage 1', percent: 33, amount_cents: 165_000, trigger: 'At signing' },
      { label: 'Stage 2', percent: 33, amount_cents: 165_000, trigger: 'Mid-project' },
      { label: 'Stage 3', percent: 34, amount_cents: 170_000, trigger: 'Substantial completion' },
    ],
    today: typeof today === 'string' && today.trim() !== '' ? today : todayUtc(),
    signature: { ...NOT_SIGNED },
    client_signature: { ...NOT_SIGNED },
    signers: SAMPLE_SIGNERS.map((person) => ({
      ...person,
      signed_at: null,
      signature: { ...NOT_SIGNED },
    })),
  };
}
