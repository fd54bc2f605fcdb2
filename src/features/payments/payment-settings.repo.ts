import { randomBytes } from 'node:crypto';
import type { DbOrTrx } from '../../db/kysely.js';
import type { OnlinePaymentMethod } from '../../domain/payments.js';
import type { CompanyId } from '../../domain/team.js';
import type { MailSealer } from '../mail/body-seal.js';

export type PaymentSettingsRow = Awaited<ReturnType<typeof paymentSettingsOf>>;

/**
 * The company's row, made on first read so the webhook URL exists before anything is saved. Read
 * first: an insert at every read (the wizard reads it each time it opens) would be a write, and on
 * PostgreSQL every write moves the version the read caches key on (src/db/read-cache.ts).
 */
export async function paymentSettingsOf(db: DbOrTrx, companyId: CompanyId, now: Date) {
  const row = await settingsRow(db, companyId);
  if (row) return row;
  await db
    .insertInto('payment_settings')
    .values({
      company_id: companyId,
      hook_id: randomBytes(16).toString('base64url'),
      updated_at: now.toISOString(),
    })
    .onConflict((conflict) => conflict.column('company_id').doNothing())
    .execute();
  const made = await settingsRow(db, companyId);
  if (!made) throw new Error(`payment_settings of company ${companyId} was not made`);
  return made;
}

function settingsRow(db: DbOrTrx, companyId: CompanyId) {
  return db
    .selectFrom('payment_settings')
    .selectAll()
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}

export function methodsOf(row: { methods: string }): OnlinePaymentMethod[] {
  return JSON.parse(row.methods) as OnlinePaymentMethod[];
}

/** What acting for a company in Stripe needs, opened; null when it has not connected. */
export interface StripeAccountKeys {
  companyId: CompanyId;
  secretKey: string;
  webhookSecret: string;
  methods: OnlinePaymentMethod[];
  receiptAlerts: boolean;
}

function keysOf(
  row: {
    company_id: CompanyId;
    stripe_secret_key: string | null;
    stripe_webhook_secret: string | null;
    methods: string;
    receipt_alerts_enabled: number;
  },
  sealer: MailSealer,
): StripeAccountKeys | null {
  if (!row.stripe_secret_key || !row.stripe_webhook_secret) return null;
  return {
    companyId: row.company_id,
    secretKey: sealer.open(row.stripe_secret_key),
    webhookSecret: sealer.open(row.stripe_webhook_secret),
    methods: methodsOf(row),
    receiptAlerts: row.receipt_alerts_enabled === 1,
  };
}

const KEY_COLUMNS = [
  'company_id',
  'stripe_secret_key',
  'stripe_webhook_secret',
  'methods',
  'receipt_alerts_enabled',
] as const;

export async function stripeKeysOf(
  db: DbOrTrx,
  companyId: CompanyId,
  sealer: MailSealer,
): Promise<StripeAccountKeys | null> {
  const row = await db
    .selectFrom('payment_settings')
    .select(KEY_COLUMNS)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row ? keysOf(row, sealer) : null;
}

/** The company a webhook URL names, found by its random id. */
export async function stripeKeysOfHook(
  db: DbOrTrx,
  hookId: string,
  sealer: MailSealer,
): Promise<StripeAccountKeys | null> {
  const row = await db
    .selectFrom('payment_settings')
    .select(KEY_COLUMNS)
    .where('hook_id', '=', hookId)
    .executeTakeFirst();
  return row ? keysOf(row, sealer) : null;
}

/** Whether the company can collect online: both secrets saved. */
export async function stripeConnected(db: DbOrTrx, companyId: CompanyId): Promise<boolean> {
  const row = await db
    .selectFrom('payment_settings')
    .select('company_id')
    .where('company_id', '=', companyId)
    .where('stripe_secret_key', 'is not', null)
    .where('stripe_webhook_secret', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}
