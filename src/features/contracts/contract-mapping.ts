import type { Insertable } from 'kysely';
import type { ContractsTable } from '../../db/schema.js';
import { documentForDisplay } from '../../domain/contract-document/index.js';
import { SECTION_OF_STATUS } from '../../domain/contract-lifecycle.js';
import type {
  Contract,
  ContractDraftInput,
  ContractSummary,
  PersonRef,
} from '../../domain/contracts.schemas.js';
import { computeStageAmounts } from '../../domain/payment-plan.js';
import { remindAllowedAt } from '../../domain/reminder-schedule.js';
import type { ContractRow } from './contracts.repo.js';
import { personOf } from '../credentials/people-names.js';
import { toSigner, type SignerRow } from '../signers/signers.repo.js';
import { coSignersJson, coSignersOfSigners, parseCoSigners } from './draft-signers.js';

function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/**
 * A stored row as the API answers it (the Contract fields of the API). `revisedAs` is the
 * revision made from it, and `signers` a sent contract's signers (issue 37), which the row
 * itself does not hold.
 */
export function toContract(
  row: NonNullable<ContractRow>,
  extras: {
    revisedAs?: number | null;
    now?: Date;
    people?: Map<number, PersonRef>;
    signers?: readonly SignerRow[];
  } = {},
): Contract {
  const people = extras.people ?? new Map<number, PersonRef>();
  const signers = extras.signers ?? [];
  return {
    id: row.id,
    status: row.status,
    created_at: row.created_at,
    updated_at: row.updated_at,
    sent_at: row.sent_at,
    total_price_cents: row.total_price_cents,
    scope_raw: parseJson<string[]>(row.scope_raw, []),
    scope_clean: parseJson<Contract['scope_clean']>(row.scope_clean, null),
    client_id: null,
    client_name: row.client_name,
    client_email: row.client_email,
    client_phone: row.client_phone,
    client_address: row.client_address,
    language: row.language,
    home_sale: row.home_sale === 1,
    payment_plan_json: parseJson<Contract['payment_plan_json']>(row.payment_plan_json, null),
    my_signature_png: row.my_signature_png,
    my_signed_at: row.my_signed_at,
    client_data: parseJson<Contract['client_data']>(row.client_data, null),
    client_signed_at: row.client_signed_at,
    // A document frozen before the policy gets it on the way out (docs/decisions/016).
    template_html: row.template_html === null ? null : documentForDisplay(row.template_html),
    company_name: row.company_name,
    company_phone: row.company_phone,
    company_email: row.company_email,
    expires_at: row.expires_at,
    closed_at: row.closed_at,
    closed_reason: row.closed_reason,
    last_reminder_at: row.last_reminder_at,
    next_reminder_at: row.status === 'sent' ? row.next_reminder_at : null,
    remind_allowed_at:
      row.status === 'sent'
        ? remindAllowedAt(row.last_reminder_at, extras.now ?? new Date())
        : null,
    revision_of: row.revision_of,
    original_id: row.original_id,
    revision_number: row.revision_number,
    revised_as: extras.revisedAs ?? null,
    created_by: personOf(people, row.created_by_user_id),
    sent_by: personOf(people, row.sent_by_user_id),
    co_signers:
      row.status === 'draft' ? parseCoSigners(row.co_signers_json) : coSignersOfSigners(signers),
    signing_order: row.signing_order,
    signers: signers.map((signer) => ({
      ...toSigner(signer),
      last_viewed_at: signer.last_viewed_at,
    })),
    client_draft_id: row.client_draft_id,
    draft_version: row.draft_version,
  };
}

/** A card's row as the list queries read it (CARD_COLUMNS in contracts.repo.ts). */
export type CardRow = Omit<
  ContractSummary,
  'email_failed' | 'views' | 'created_by' | 'sent_by' | 'signers'
> & {
  view_count: number;
  last_viewed_at: string | null;
  created_by_user_id: number;
  sent_by_user_id: number | null;
  signer_count: number;
  signers_signed: number;
};

/**
 * A row as its card: every field of contractSummarySchema, named one by one in the schema's
 * order, and nothing else. The list's answer is sent as this object's JSON without zod's parse
 * (contracts.routes.ts), so this is what keeps any other column out of it. Openings show on
 * cards awaiting signature only. Built field by field: a rest-and-spread copy of each row cost
 * as much as reading the rows (issue 33).
 */
export function toContractSummary(
  row: CardRow,
  emailFailed: boolean,
  people: Map<number, PersonRef>,
): ContractSummary {
  return {
    id: row.id,
    status: row.status,
    created_at: row.created_at,
    updated_at: row.updated_at,
    sent_at: row.sent_at,
    total_price_cents: row.total_price_cents,
    client_name: row.client_name,
    expires_at: row.expires_at,
    last_reminder_at: row.last_reminder_at,
    original_id: row.original_id,
    revision_number: row.revision_number,
    closed_at: row.closed_at,
    created_by: personOf(people, row.created_by_user_id),
    sent_by: personOf(people, row.sent_by_user_id),
    email_failed: emailFailed,
    views:
      SECTION_OF_STATUS[row.status] === 'awaiting'
        ? { count: row.view_count, last_at: row.last_viewed_at }
        : null,
    paid_cents: row.paid_cents,
    payment_due_at: row.payment_due_at,
    signers: { total: row.signer_count, signed: row.signers_signed },
  };
}

type ContentColumns = Pick<
  Insertable<ContractsTable>,
  | 'client_name'
  | 'client_email'
  | 'client_phone'
  | 'client_address'
  | 'language'
  | 'home_sale'
  | 'scope_raw'
  | 'scope_clean'
  | 'total_price_cents'
  | 'payment_plan_json'
  | 'co_signers_json'
  | 'signing_order'
>;

/**
 * The columns a draft payload sets. Fields left out are not touched. Stage amounts are always
 * recomputed from the total and percentages (docs/decisions/008), so whatever a client
 * sends, stored amounts add up to the total.
 */
export function draftColumns(input: ContractDraftInput, current?: Contract): ContentColumns {
  const columns: ContentColumns = {};
  if (input.client_name !== undefined) columns.client_name = input.client_name;
  if (input.client_email !== undefined) columns.client_email = input.client_email;
  if (input.client_phone !== undefined) columns.client_phone = input.client_phone;
  if (input.client_address !== undefined) columns.client_address = input.client_address;
  // The language picks the template twin and the month names: it changes what the contract says.
  if (input.language !== undefined) columns.language = input.language;
  // Whether the Notice of Cancellation applies: it changes what the contract says.
  if (input.home_sale !== undefined) columns.home_sale = input.home_sale ? 1 : 0;
  if (input.scope_raw !== undefined) columns.scope_raw = JSON.stringify(input.scope_raw);
  if (input.scope_clean !== undefined) {
    columns.scope_clean = input.scope_clean === null ? null : JSON.stringify(input.scope_clean);
  }
  if (input.total_price_cents !== undefined) columns.total_price_cents = input.total_price_cents;
  // Who signs, and in which order: the template names every signer (issue 37).
  if (input.co_signers !== undefined) columns.co_signers_json = coSignersJson(input.co_signers);
  if (input.signing_order !== undefined) columns.signing_order = input.signing_order;

  const total =
    input.total_price_cents !== undefined ? input.total_price_cents : current?.total_price_cents;
  const plan =
    input.payment_plan_json !== undefined ? input.payment_plan_json : current?.payment_plan_json;
  if (input.payment_plan_json !== undefined || input.total_price_cents !== undefined) {
    columns.payment_plan_json =
      plan === null || plan === undefined
        ? null
        : JSON.stringify(computeStageAmounts(total ?? 0, plan));
  }
  return columns;
}

/** True when the columns would change what the contract says. */
export function changesContent(columns: ContentColumns, row: NonNullable<ContractRow>): boolean {
  return (Object.keys(columns) as (keyof ContentColumns)[]).some(
    (key) => (columns[key] ?? null) !== (row[key] ?? null),
  );
}
