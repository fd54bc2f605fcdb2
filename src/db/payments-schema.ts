import type { Generated } from 'kysely';
import type { PaymentMethod, PaymentRowStatus } from '../domain/payments.js';
import type { CompanyId } from '../domain/team.js';

/**
 * Getting paid (issue 36, docs/decisions/046): the tables of db/migrations/202612030100_payments.
 */

/** A company's Stripe account. The key and the signing secret are sealed with the mail key. */
export interface PaymentSettingsTable {
  company_id: CompanyId;
  /** The random id in the company's webhook URL, /api/payments/stripe/<hook_id>. */
  hook_id: string;
  stripe_secret_key: string | null;
  /** "sk_live_…4242": what the screen shows instead of the key. */
  stripe_secret_key_hint: string | null;
  stripe_webhook_secret: string | null;
  stripe_webhook_secret_hint: string | null;
  /** JSON: OnlinePaymentMethod[] */
  methods: Generated<string>;
  /** The account's name, as the last "Test connection" read it. */
  account_name: string | null;
  /** 1: the contractor is mailed "Payment received". */
  receipt_alerts_enabled: Generated<number>;
  updated_at: string;
}

/** A Checkout Session we made, for one stage of one contract. */
export interface CheckoutSessionsTable {
  id: string;
  company_id: CompanyId;
  contract_id: number;
  stage_index: number;
  amount_cents: number;
  url: string;
  created_at: string;
  expires_at: string;
}

/** A payment of a stage: online from a verified Stripe event, or recorded by hand. */
export interface PaymentsTable {
  id: Generated<number>;
  company_id: CompanyId;
  contract_id: number;
  stage_index: number;
  amount_cents: number;
  refunded_cents: Generated<number>;
  currency: Generated<string>;
  status: PaymentRowStatus;
  method: PaymentMethod;
  checkout_session_id: string | null;
  stripe_payment_intent_id: string | null;
  paid_at: string | null;
  note: string | null;
  recorded_by_user_id: number | null;
  created_at: string;
  updated_at: string;
  undone_at: string | null;
  undone_by_user_id: number | null;
}

/** An emailed link to pay one stage, found by SHA-256 of its token. */
export interface PaymentRequestsTable {
  id: Generated<number>;
  company_id: CompanyId;
  contract_id: number;
  stage_index: number;
  token_hash: Uint8Array;
  requested_by_user_id: number | null;
  created_at: string;
  expires_at: string;
}

/** A Stripe event processed, once per company, and what came of it. */
export interface StripeEventsTable {
  company_id: CompanyId;
  event_id: string;
  type: string;
  outcome: string;
  received_at: string;
}
