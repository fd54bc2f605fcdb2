import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { ContractStatus } from '../domain/contract-lifecycle.js';
import type { Language } from '../domain/i18n/languages.js';
import type { CompanyId, TeamRole } from '../domain/team.js';
import type { SigningOrder } from '../domain/signers.js';
import type {
  CheckoutSessionsTable,
  PaymentRequestsTable,
  PaymentSettingsTable,
  PaymentsTable,
  StripeEventsTable,
} from './payments-schema.js';

/**
 * The database as Kysely sees it. Times are ISO-8601 UTC strings (they sort as text);
 * session times are epoch milliseconds because they are compared on every request.
 */
export interface UsersTable {
  id: Generated<number>;
  /** Stored lower-cased; unique without regard to case. */
  email: string;
  password_hash: string;
  created_at: string;
  /** When the owner proved the address is theirs; accounts from before issue 34 count as verified. */
  email_verified_at: string | null;
  /** The language of the account's own mails, from the browser at sign-up. */
  language: Generated<Language>;
  /** The two-factor key in use, sealed with the mail key (docs/decisions/017); null: off. */
  totp_secret: string | null;
  /** A key being set up, sealed, until one good code turns it on. */
  totp_pending_secret: string | null;
  totp_enabled_at: string | null;
  /** The newest 30-second step a code was accepted for: a code is good once. */
  totp_last_step: number | null;
  /** The company the person works in (docs/decisions/045). */
  company_id: CompanyId;
  role: Generated<TeamRole>;
  /** What the team and the contracts call them ("Sent by Sam"); null: their email is shown. */
  name: string | null;
  /** When an owner removed them from the company: they cannot sign in; their rows stay. */
  removed_at: string | null;
}

/** What owns a business's rows: contracts, templates, branding, keys, webhooks, preferences. */
export interface CompaniesTable {
  id: Generated<CompanyId>;
  created_at: string;
}

/** An emailed invitation to join a company: found by SHA-256 of its token, never the token. */
export interface TeamInvitesTable {
  id: Generated<number>;
  company_id: CompanyId;
  /** Stored lower-cased. */
  email: string;
  role: TeamRole;
  token_hash: Uint8Array;
  invited_by_user_id: number;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  accepted_user_id: number | null;
  canceled_at: string | null;
}

export interface SessionsTable {
  /** The public half of the cookie token. */
  id: string;
  user_id: number;
  /** SHA-256 of the secret half; the secret itself is never stored. */
  secret_hash: Uint8Array;
  created_at_ms: number;
  last_used_at_ms: number;
  /** Where and in what browser it was signed in (null for sessions from before issue 34). */
  ip: string | null;
  user_agent: string | null;
}

/** The company's preferences: its branding, time zone, reminders and limits. */
export interface PreferencesTable {
  company_id: CompanyId;
  company_name: string | null;
  company_phone: string | null;
  company_email: string | null;
  company_address: string | null;
  company_website: string | null;
  logo_path: string | null;
  /** IANA name of the company's time zone (`America/Chicago`); null until set: times in UTC. */
  time_zone: string | null;
  /** Cents the company charges for a paper copy (the ESIGN notice prints it); null or 0: no fee. */
  paper_copy_fee_cents: number | null;
  /** 1 or 0: email the contractor when a client first opens a contract. */
  viewed_alerts_enabled: Generated<number>;
  /** 1 or 0, and the schedule of automatic reminders (docs/decisions/022). */
  reminders_enabled: Generated<number>;
  reminder_first_days: Generated<number>;
  reminder_every_days: Generated<number>;
  reminder_max: Generated<number>;
  /** Emails the account may send its clients in any 24 hours, all contracts together (issue 33). */
  client_emails_per_day: Generated<number>;
  updated_at: string;
}

export interface RateLimitsTable {
  /** e.g. "login:ip:203.0.113.9" or "login:email:a@b.co". */
  key: string;
  window_started_at_ms: number;
  hits: number;
}

export interface TemplatesTable {
  id: Generated<number>;
  company_id: CompanyId;
  created_by_user_id: number;
  name: string;
  html: string;
  /** 1 marks the company's one default template. */
  is_preset: number;
  version: number;
  preset_key: string | null;
  preset_sha256: string | null;
  created_at: string;
  updated_at: string;
}

export interface LogosTable {
  id: string;
  company_id: CompanyId;
  created_by_user_id: number;
  content_type: string;
  bytes: Uint8Array;
  created_at: string;
}

export interface AcceptancesTable {
  id: Generated<number>;
  company_id: CompanyId;
  accepted_by_user_id: number;
  type: string;
  typed_name: string;
  disclaimer_version: string;
  ip: string;
  user_agent: string;
  accepted_at: string;
}

export interface ContractsTable {
  id: Generated<number>;
  company_id: CompanyId;
  /** Who wrote it. */
  created_by_user_id: number;
  /** Who signed it for the company and sent it; null while a draft. */
  sent_by_user_id: number | null;
  /**
   * Born a draft; never set by an update, except by transition()
   * (src/features/contracts/contract-transition.ts): the type refuses it everywhere else.
   */
  status: ColumnType<ContractStatus, 'draft', never>;
  client_name: string | null;
  client_email: string | null;
  client_phone: string | null;
  client_address: string | null;
  /**
   * The client's language: their mails, signing page and certificate headings, and the
   * template twin the contract is frozen with (docs/decisions/029). 'en' unless chosen.
   */
  language: Generated<Language>;
  /**
   * The language the document was frozen in at send: the signed copy is rendered in it, whatever
   * the client later switches their page to. Null while a draft.
   */
  document_language: Language | null;
  /** JSON: string[] */
  scope_raw: Generated<string>;
  /** JSON: {paragraph, bullets} */
  scope_clean: string | null;
  total_price_cents: number | null;
  /** JSON: {label, percent, amount_cents, trigger}[] */
  payment_plan_json: string | null;
  my_signature_png: string | null;
  my_signed_at: string | null;
  /** JSON: {name, email, phone, address} as sent */
  client_data: string | null;
  /**
   * When the contract became signed: the last of its signers signed (issue 37). Each signer's
   * signature, typed name and time are in `contract_signers`.
   */
  client_signed_at: string | null;
  /** 1 or 0: sold at the client's home or away from the business (16 CFR 429, issue 32). */
  home_sale: Generated<number>;
  template_html: string | null;
  template_sha256: string | null;
  template_source: string | null;
  /** JSON: the ContractTemplateData the snapshot was rendered with. */
  template_data: string | null;
  signed_html: string | null;
  company_name: string | null;
  company_phone: string | null;
  company_email: string | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
  /** While sent or expired: when the newest signing link stops working. */
  expires_at: string | null;
  /** Declined or voided: when, and the reason given. */
  closed_at: string | null;
  closed_reason: string | null;
  last_reminder_at: string | null;
  auto_reminders_sent: Generated<number>;
  /** When the next automatic reminder is due; null when none will go. */
  next_reminder_at: string | null;
  /** The contract this one revises, the first of its line, and its number in the line. */
  revision_of: number | null;
  original_id: number | null;
  revision_number: Generated<number>;
  /** The client's openings (the `viewed` events), kept with the card. */
  view_count: Generated<number>;
  last_viewed_at: string | null;
  /** What the card says is paid, net of refunds; kept in each payment's transaction. */
  paid_cents: Generated<number>;
  /** Since when a payment has been due (the deposit at signing, a requested stage); null: none. */
  payment_due_at: string | null;
  /** Whether the signers are mailed at once, or each after the one before signs (issue 37). */
  signing_order: Generated<SigningOrder>;
  /** A draft's other signers as typed: JSON {name, email, phone}[]; sent contracts have rows. */
  co_signers_json: string | null;
  /** The card's "1 of 2 signed": kept in each signature's transaction. */
  signer_count: Generated<number>;
  signers_signed: Generated<number>;
  /**
   * A change order (issue 38, docs/decisions/049) is a contract row of its own naming the
   * contract it changes; null on a contract. Its number in that contract's line, the change in
   * price (cents, more or less) and in days, how it is paid (JSON ChangeOrderPayment), and once
   * sent the G701 money it was sent with (JSON ChangeOrderMoney).
   */
  change_order_of: number | null;
  change_order_number: number | null;
  price_change_cents: number | null;
  days_change: number | null;
  change_payment_json: string | null;
  change_money_json: string | null;
  /**
   * Issue 40 (db/migrations/202612070100_offline_drafts.ts): the id the phone gave a draft it
   * wrote offline, unique per company so that sending it twice makes one contract; null for a
   * draft made online. Set at creation only.
   */
  client_draft_id: string | null;
  /** Counts the draft's saves from 1; a save that names an older one is refused (409). */
  draft_version: Generated<number>;
  /**
   * The client's name, email and address folded for search (lower case, no accents), kept by
   * the database's triggers (db/migrations/202611281100_contract_search.ts): never written here.
   */
  search_text: ColumnType<string, never, never>;
}

/** One row per status: contracts.status references it (docs/decisions/022). */
export interface ContractStatusesTable {
  status: string;
}

export interface ContractEventsTable {
  id: Generated<number>;
  contract_id: number;
  type: string;
  at: string;
  actor: string | null;
  ip: string | null;
  user_agent: string | null;
  /** JSON with event-specific facts. */
  details: string | null;
}

export interface EmailOutboxTable {
  id: Generated<number>;
  contract_id: number | null;
  kind: string;
  to_address: string;
  /** From's display name; null keeps MAIL_FROM's (docs/decisions/034). */
  from_name: string | null;
  /** Reply-To's mailbox; null: none. */
  reply_to_address: string | null;
  reply_to_name: string | null;
  subject: string;
  html: string | null;
  text: string | null;
  /** JSON: {filename, contentType, content (base64)}[] */
  attachments: string | null;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: Generated<number>;
  /** When pending: when it is due. When sending: when the sender's lease ends. */
  next_attempt_at: string;
  /** The current claim's random token while sending (docs/decisions/023). */
  lease_token: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** Unique when set: a mail that must go at most once, e.g. `reminder:12:2`. */
  dedupe_key: string | null;
}

export interface SigningLinksTable {
  id: Generated<number>;
  contract_id: number;
  token_sha256: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** The mail the link went out in. */
  purpose: Generated<SigningLinkPurpose>;
  /** For a reminder's link: which reminder (1, 2, ...). */
  reminder: number | null;
  /** Whose link it is (issue 37); links made before signers were backfilled to the first. */
  signer_id: number | null;
}

/**
 * A client who signs a sent contract (issue 37, docs/decisions/048): position 1 is the client of
 * record. Their own links, language, openings, reminders, consent (events naming them) and
 * signature; a decline by any of them declines the contract.
 */
export interface ContractSignersTable {
  id: Generated<number>;
  contract_id: number;
  position: number;
  name: string;
  email: string;
  phone: string | null;
  language: Language;
  /** When their first link was mailed; null while, signing in order, their turn has not come. */
  invited_at: string | null;
  first_viewed_at: string | null;
  last_viewed_at: string | null;
  view_count: Generated<number>;
  reminders_sent: Generated<number>;
  last_reminder_at: string | null;
  signed_at: string | null;
  /** The full name they typed when signing. */
  signed_name: string | null;
  signature_png: string | null;
  declined_at: string | null;
}

export type SigningLinkPurpose = 'request' | 'reminder' | 'extension';

export interface DocumentJobsTable {
  contract_id: number;
  status: 'pending' | 'running' | 'done' | 'failed';
  attempts: Generated<number>;
  /** When pending: when it is due. When running: when the renderer's lease ends. */
  next_attempt_at: string;
  /** The current claim's random token while running (docs/decisions/023). */
  lease_token: string | null;
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface DocumentsTable {
  contract_id: number;
  pdf: Uint8Array;
  pdf_sha256: string;
  contract_pages_sha256: string;
  created_at: string;
  /** Who sealed it and when (sealRecordSchema, issue 39); null before that migration. */
  seal_json: string | null;
}

export interface SealingKeysTable {
  id: Generated<number>;
  p12: Uint8Array;
  passphrase: string;
  fingerprint_sha256: string;
  created_at: string;
}

/** Facts every instance must agree on, written once by the first (docs/decisions/023). */
export interface InstanceSettingsTable {
  /**
   * `mail_seal_key_fingerprint`: the key that seals queued mail. `first_account`: the id of the
   * install's first account, claimed by one insert (db/migrations/202612010100_account_security.ts).
   */
  name: 'mail_seal_key_fingerprint' | 'first_account';
  value: string;
  created_at: string;
}

/** An integrator's key: found by its public id; only SHA-256 of its secret is kept. */
export interface ApiKeysTable {
  id: string;
  company_id: CompanyId;
  /** Who made it: the key ends when they leave the company. */
  created_by_user_id: number;
  name: string;
  secret_hash: Uint8Array;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** A contractor's webhook receiver (docs/decisions/025). Secrets are sealed with the mail key. */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  company_id: CompanyId;
  created_by_user_id: number;
  url: string;
  /** JSON: WebhookEventType[] */
  events: string;
  secret: string;
  /** While a rotation overlaps: the secret before it, which also signs until it expires. */
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  created_at: string;
  /** Set when the receiver answered 410 Gone: nothing more is sent to it. */
  disabled_at: string | null;
  disabled_reason: string | null;
  /** api_keys.id of the key that registered it; null when made by a signed-in person. */
  created_by_api_key: string | null;
}

export type WebhookDeliveryStatus = 'pending' | 'delivering' | 'succeeded' | 'failed';

/** One event for one endpoint, written in the event's transaction and claimed with a lease. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  endpoint_id: number;
  /** The `webhook-id` header: the same on every retry and redelivery. */
  event_id: string;
  event_type: string;
  /** JSON: the body sent, its PDF link a path the sender completes with PUBLIC_URL. */
  payload: string;
  /** Unique per endpoint when set: an event reported at most once, e.g. `contract.viewed:12`. */
  dedupe_key: string | null;
  status: WebhookDeliveryStatus;
  attempts: Generated<number>;
  last_status_code: number | null;
  last_error: string | null;
  /** When pending: when it is due. When delivering: when the sender's lease ends. */
  next_attempt_at: string;
  lease_token: string | null;
  created_at: string;
  delivered_at: string | null;
}

export type AccountTokenPurpose =
  'password_reset' | 'email_verification' | 'email_change' | 'two_factor_login';

/**
 * An emailed or pending account link (docs/decisions/041): found by SHA-256 of the token, never
 * the token; marked used or replaced rather than deleted, so a refusal can say which.
 */
export interface AccountTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: AccountTokenPurpose;
  token_hash: Uint8Array;
  /** JSON facts the link carries (an email change's new address). */
  data: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** Set when a newer token of the same purpose was issued to the account. */
  replaced_at: string | null;
  ip: string | null;
  user_agent: string | null;
}

/** A two-factor recovery code, hashed; crossed off (`used_at`) when it signs someone in. */
export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: Uint8Array;
  created_at: string;
  used_at: string | null;
}

/**
 * The account's security log (docs/decisions/041): append-only, its UPDATE refused by a
 * trigger. `type` is one of SECURITY_EVENT_TYPES (src/domain/security-events.ts).
 */
export interface SecurityEventsTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  at: string;
  ip: string | null;
  user_agent: string | null;
  /** JSON with event-specific facts; never a token, a password or a code. */
  details: string | null;
}

export interface Database {
  users: UsersTable;
  companies: CompaniesTable;
  team_invites: TeamInvitesTable;
  sessions: SessionsTable;
  preferences: PreferencesTable;
  rate_limits: RateLimitsTable;
  templates: TemplatesTable;
  logos: LogosTable;
  acceptances: AcceptancesTable;
  contracts: ContractsTable;
  contract_statuses: ContractStatusesTable;
  contract_events: ContractEventsTable;
  email_outbox: EmailOutboxTable;
  signing_links: SigningLinksTable;
  contract_signers: ContractSignersTable;
  document_jobs: DocumentJobsTable;
  documents: DocumentsTable;
  sealing_keys: SealingKeysTable;
  instance_settings: InstanceSettingsTable;
  api_keys: ApiKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  account_tokens: AccountTokensTable;
  recovery_codes: RecoveryCodesTable;
  security_events: SecurityEventsTable;
  payment_settings: PaymentSettingsTable;
  checkout_sessions: CheckoutSessionsTable;
  payments: PaymentsTable;
  payment_requests: PaymentRequestsTable;
  stripe_events: StripeEventsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Session = Selectable<SessionsTable>;
