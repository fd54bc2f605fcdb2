import { depositStageIndex } from './payments.js';
import type { Prefs } from './prefs.schemas.js';
import type { PaymentStageInput } from './contracts.schemas.js';
import type { CleanedScope } from './scope.schemas.js';
import type { ContractTemplateData, SignatureData } from './template-data.js';
import { draftSigners, unsignedSigners, type SignerPerson } from './template-signers.js';

export interface ContractForTemplate {
  client_name: string | null;
  client_email: string | null;
  client_phone: string | null;
  client_address: string | null;
  scope_clean: CleanedScope | null;
  total_price_cents: number | null;
  payment_plan_json: PaymentStageInput[] | null;
  my_signature_png: string | null;
  my_signed_at: string | null;
  /** Sold at the client's home (16 CFR 429): the document carries the Notice of Cancellation. */
  home_sale: boolean;
}

const unsigned: SignatureData = { typed_name: null, timestamp: null, png: null };

/**
 * The data a template renders for a real contract. The wizard preview and the server's frozen
 * snapshot both call this, so what the contractor previews is what the client signs.
 */
export function buildContractTemplateData(input: {
  prefs: Pick<
    Prefs,
    | 'company_name'
    | 'company_phone'
    | 'company_email'
    | 'company_address'
    | 'company_website'
    | 'logo_path'
  > | null;
  contract: ContractForTemplate;
  /** The contractor's typed name (from the legal acknowledgment), shown under the signature. */
  contractorName?: string | null;
  /** YYYY-MM-DD; defaults to today in UTC. */
  today?: string;
  /** A data URL to use instead of the logo's path (self-contained documents). */
  logo?: string | null;
  /**
   * Everyone who signs, in order, the client of record first (issue 37): a template's
   * `{{#each signers}}`. Left out: the contract's client alone.
   */
  signers?: readonly SignerPerson[];
}): ContractTemplateData {
  const { prefs, contract } = input;
  const signed = contract.my_signature_png !== null;
  return {
    company: {
      name: prefs?.company_name ?? null,
      phone: prefs?.company_phone ?? null,
      email: prefs?.company_email ?? null,
      address: prefs?.company_address ?? null,
      website: prefs?.company_website ?? null,
      logo: input.logo !== undefined ? input.logo : (prefs?.logo_path ?? null),
    },
    client: {
      name: contract.client_name ?? '',
      email: contract.client_email ?? '',
      phone: contract.client_phone,
      address: contract.client_address,
    },
    scope: contract.scope_clean ?? { paragraph: '', bullets: [] },
    contract: {
      total_cents: contract.total_price_cents ?? 0,
      home_sale: contract.home_sale,
      ...depositDue(contract.payment_plan_json),
    },
    payments: contract.payment_plan_json ?? [],
    today: input.today ?? new Date().toISOString().slice(0, 10),
    signature: signed
      ? {
          typed_name: input.contractorName ?? null,
          timestamp: contract.my_signed_at,
          png: contract.my_signature_png,
        }
      : unsigned,
    client_signature: unsigned,
    signers: unsignedSigners(input.signers ?? draftSigners(contract, null)),
  };
}

/** The deposit the plan collects online at signing, for the document to say (issue 36). */
function depositDue(plan: PaymentStageInput[] | null): { deposit_due_cents?: number } {
  const index = depositStageIndex(plan);
  const stage = index === null ? undefined : plan?.[index];
  return stage ? { deposit_due_cents: stage.amount_cents } : {};
}
