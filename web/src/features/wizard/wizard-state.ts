import {
  clientFormSchema,
  type Contract,
  type ContractDraftInput,
} from '@domain/contracts.schemas';
import { DEFAULT_LANGUAGE, type Language } from '@domain/i18n/languages';
import { centsToDollarInput, dollarsToCents } from '@domain/money';
import {
  computeStageAmounts,
  equalSplit,
  isValidSplit,
  type StageInput,
} from '@domain/payment-plan';
import { isAtSigningTrigger } from '@domain/payments';
import type { CleanedScope } from '@domain/scope.schemas';
import type { SigningOrder } from '@domain/signers';
// Issue 37: the other signers typed under the client.
import {
  coSignersPayload,
  coSignersProblem,
  signingOrderPayload,
  type CoSignerDraft,
} from '../signers/wizard-signers';

export const WIZARD_STEPS = [
  { title: 'Scope', subtitle: 'Record project details' },
  { title: 'Client', subtitle: 'Client information' },
  { title: 'Payment', subtitle: 'Price & schedule' },
  { title: 'Preview', subtitle: 'Review contract' },
  { title: 'Sign & Send', subtitle: 'Finalize & send' },
] as const;

export interface WizardState {
  step: number;
  snippets: string[];
  cleaned: CleanedScope | null;
  engine: 'ollama' | 'rules' | 'fallback' | null;
  /** What was typed, valid or not: nothing typed is lost. */
  client: { name: string; email: string; phone: string; address: string };
  /** The client's language: their mails, signing page and the template twin (docs/decisions/029). */
  language: Language;
  /**
   * Sold at the client's home or away from the contractor's place of business: the contract
   * carries the FTC cancellation statement and the Notice of Cancellation (16 CFR 429).
   */
  homeSale: boolean;
  /** Who signs beside the client (issue 37), as typed, and whether one after the other. */
  coSigners: CoSignerDraft[];
  signingOrder: SigningOrder;
  /** The price as typed (digits and one decimal point). */
  price: string;
  splitMode: 'equal' | 'custom';
  /**
   * The first stage's `collect_at_signing` is the owner's switch "Collect online when the client
   * signs": undefined until touched (on by default for a new draft), then true or false.
   */
  stages: StageInput[];
  signature: string | null;
}

export function emptyWizardState(): WizardState {
  return {
    step: 1,
    snippets: [],
    cleaned: null,
    engine: null,
    client: { name: '', email: '', phone: '', address: '' },
    language: DEFAULT_LANGUAGE,
    homeSale: false,
    coSigners: [],
    signingOrder: 'together',
    price: '',
    splitMode: 'equal',
    stages: equalSplit(),
    signature: null,
  };
}

/** A saved contract back into the wizard (Continue from the list). */
export function wizardStateFromContract(contract: Contract): WizardState {
  const plan = contract.payment_plan_json;
  const plain = plan?.map(({ label, percent, trigger }) => ({ label, percent, trigger }));
  const isEqual = !plain || JSON.stringify(plain) === JSON.stringify(equalSplit());
  // A saved plan says the switch's state outright: absent is off, not the new draft's default.
  const stages = plain?.map((stage, index) =>
    index === 0 ? { ...stage, collect_at_signing: plan?.[0]?.collect_at_signing === true } : stage,
  );
  return {
    step: 1,
    snippets: contract.scope_raw,
    cleaned: contract.scope_clean,
    engine: null,
    client: {
      name: contract.client_name ?? '',
      email: contract.client_email ?? '',
      phone: contract.client_phone ?? '',
      address: contract.client_address ?? '',
    },
    language: contract.language,
    homeSale: contract.home_sale,
    coSigners: (contract.co_signers ?? []).map((signer) => ({
      name: signer.name,
      email: signer.email,
      phone: signer.phone ?? '',
    })),
    signingOrder: contract.signing_order ?? 'together',
    price: centsToDollarInput(contract.total_price_cents),
    splitMode: isEqual ? 'equal' : 'custom',
    stages: stages ?? equalSplit(),
    signature: contract.my_signature_png,
  };
}

export function totalCents(state: WizardState): number | null {
  return dollarsToCents(state.price);
}

/** What the wizard knows of the company's payments: Stripe connected or not. */
export interface WizardPayments {
  stripeConnected: boolean;
}

/** Whether the first stage's card shows the switch: Stripe connected, and due "At signing". */
export function collectAtSigningOffered(state: WizardState, payments: WizardPayments): boolean {
  const first = state.stages[0];
  return payments.stripeConnected && first !== undefined && isAtSigningTrigger(first.trigger);
}

/** The switch as shown: on unless turned off. */
export function collectAtSigningOn(state: WizardState): boolean {
  return state.stages[0]?.collect_at_signing !== false;
}

/**
 * The plan as saved: the first stage carries `collect_at_signing: true` only while the switch
 * is offered and on; anywhere else, or off, the flag is dropped.
 */
export function paymentPlan(state: WizardState, payments: WizardPayments) {
  const collect = collectAtSigningOffered(state, payments) && collectAtSigningOn(state);
  const stages = state.stages.map(({ collect_at_signing: _choice, ...stage }, index) =>
    index === 0 && collect ? { ...stage, collect_at_signing: true } : stage,
  );
  return computeStageAmounts(totalCents(state) ?? 0, stages);
}

/** The spec's payload (section 7); a draft may be partial. */
export function toDraftPayload(state: WizardState, payments: WizardPayments): ContractDraftInput {
  const total = totalCents(state);
  const coSigners = coSignersPayload(state.client.email, state.coSigners);
  return {
    client_id: null,
    client_name: state.client.name,
    client_email: clientFormSchema.shape.email.safeParse(state.client.email).success
      ? state.client.email
      : '',
    client_phone: state.client.phone,
    client_address: state.client.address,
    language: state.language,
    home_sale: state.homeSale,
    scope_raw: state.snippets,
    scope_clean: state.cleaned,
    total_price_cents: total,
    payment_plan_json: total === null ? null : paymentPlan(state, payments),
    my_signature_png: state.signature,
    co_signers: coSigners,
    signing_order: signingOrderPayload(coSigners, state.signingOrder),
  };
}

/** gating on Next: the reason Next is not allowed yet, or null. */
export function blockedReason(state: WizardState): string | null {
  switch (state.step) {
    case 1:
      return state.cleaned ? null : 'Clean up the scope before continuing';
    case 2:
      return clientFormSchema.safeParse(state.client).success
        ? coSignersProblem(state.client.email, state.coSigners)
        : 'Enter the client’s name and email';
    case 3: {
      const total = totalCents(state);
      if (total === null || total <= 0) return 'Enter the total contract price';
      return isValidSplit(state.stages) ? null : 'Stage percentages must add up to exactly 100%';
    }
    case 4:
      return null;
    default:
      return state.signature ? null : 'Please sign the contract';
  }
}
