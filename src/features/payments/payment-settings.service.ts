import Stripe from 'stripe';
import type { Config } from '../../config.js';
import type { DB } from '../../db/kysely.js';
import type { RequestClient } from '../../lib/request-client.js';
import { recordSecurityEvent } from '../security-log/security-log.service.js';
import { AppError } from '../../lib/app-error.js';
import type { SessionUser } from '../../ports/session.js';
import type { MailSealer } from '../mail/body-seal.js';
import { requireOwner } from '../sessions/owner-only.js';
import { methodsOf, paymentSettingsOf, type PaymentSettingsRow } from './payment-settings.repo.js';
import {
  STRIPE_EVENT_TYPES,
  type PaymentSettings,
  type PaymentSettingsInput,
} from './payments.schemas.js';
import { stripeFor } from './stripe-client.js';

export interface PaymentDeps {
  db: DB;
  config: Pick<Config, 'PUBLIC_URL' | 'STRIPE_API_BASE'>;
  mailSealer: MailSealer;
  clock: () => Date;
}

/** "sk_live_…4242": enough to tell keys apart, never enough to use one. */
export function maskSecret(secret: string): string {
  const prefix = /^(?:[a-z]+_){1,2}/.exec(secret)?.[0] ?? '';
  return `${prefix}…${secret.slice(-4)}`;
}

export function webhookUrlOf(config: Pick<Config, 'PUBLIC_URL'>, hookId: string): string {
  return `${config.PUBLIC_URL}/api/payments/stripe/${hookId}`;
}

function answer(config: Pick<Config, 'PUBLIC_URL'>, row: PaymentSettingsRow): PaymentSettings {
  return {
    connected: row.stripe_secret_key !== null && row.stripe_webhook_secret !== null,
    stripe_secret_key: row.stripe_secret_key_hint,
    stripe_webhook_secret: row.stripe_webhook_secret_hint,
    methods: methodsOf(row),
    webhook_url: webhookUrlOf(config, row.hook_id),
    webhook_events: [...STRIPE_EVENT_TYPES],
    account_name: row.account_name,
    receipt_alerts_enabled: row.receipt_alerts_enabled === 1,
  };
}

/**
 * Settings → Payments (issue 36). Anyone in the company may read it (the wizard asks whether
 * Stripe is connected; the keys are masked); only an owner changes or tests it.
 */
export async function getPaymentSettings(
  deps: PaymentDeps,
  user: SessionUser,
): Promise<PaymentSettings> {
  return answer(deps.config, await paymentSettingsOf(deps.db, user.companyId, deps.clock()));
}

/** A secret as stored: sealed with its masked hint; '' clears it; undefined leaves it. */
function secretColumns(
  value: string | undefined,
  sealer: MailSealer,
): { sealed: string | null; hint: string | null } | undefined {
  if (value === undefined) return undefined;
  if (value === '') return { sealed: null, hint: null };
  return { sealed: sealer.seal(value), hint: maskSecret(value) };
}

/** What a change touched, in the security log's words; never a key. */
function changedParts(input: PaymentSettingsInput): string {
  const secretWord = (value: string, name: string) => (value === '' ? `${name} removed` : name);
  return [
    input.stripe_secret_key !== undefined && secretWord(input.stripe_secret_key, 'secret key'),
    input.stripe_webhook_secret !== undefined &&
      secretWord(input.stripe_webhook_secret, 'webhook signing secret'),
    input.methods && `methods (${input.methods.join(', ')})`,
    input.receipt_alerts_enabled !== undefined &&
      `payment emails ${input.receipt_alerts_enabled ? 'on' : 'off'}`,
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * Saves the company's Stripe connection; every owner's security log says what changed and who
 * changed it (a new key sends the company's money elsewhere), in the same transaction.
 */
export async function updatePaymentSettings(
  deps: PaymentDeps,
  user: SessionUser,
  input: PaymentSettingsInput,
  client: RequestClient | null,
): Promise<PaymentSettings> {
  await requireOwner(deps.db, user, 'payments');
  const now = deps.clock();
  await paymentSettingsOf(deps.db, user.companyId, now);
  const key = secretColumns(input.stripe_secret_key, deps.mailSealer);
  const secret = secretColumns(input.stripe_webhook_secret, deps.mailSealer);
  const changed = changedParts(input);
  const columns = {
    updated_at: now.toISOString(),
    // A new key may be another account: its name is read again by Test connection.
    ...(key
      ? { stripe_secret_key: key.sealed, stripe_secret_key_hint: key.hint, account_name: null }
      : {}),
    ...(secret
      ? { stripe_webhook_secret: secret.sealed, stripe_webhook_secret_hint: secret.hint }
      : {}),
    ...(input.methods ? { methods: JSON.stringify(input.methods) } : {}),
    ...(input.receipt_alerts_enabled === undefined
      ? {}
      : { receipt_alerts_enabled: input.receipt_alerts_enabled ? 1 : 0 }),
  };
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('payment_settings')
      .set(columns)
      .where('company_id', '=', user.companyId)
      .execute();
    if (!changed) return;
    await recordSecurityEvent(trx, {
      userId: user.id,
      type: 'payment_settings_changed',
      client,
      details: { changed },
      at: now,
    });
  });
  return getPaymentSettings(deps, user);
}

/** Why Stripe refused, in words an owner can act on; never the key. */
function connectionProblem(error: unknown): AppError {
  if (error instanceof Stripe.errors.StripeAuthenticationError) {
    return new AppError(
      'BAD_REQUEST',
      'Stripe refused the key. Check that you pasted the whole secret key.',
    );
  }
  if (error instanceof Stripe.errors.StripePermissionError) {
    return new AppError(
      'BAD_REQUEST',
      'The restricted key may not read the account. Give it Read on Account, and Write on Checkout Sessions.',
    );
  }
  return new AppError('BAD_GATEWAY', 'Stripe could not be reached. Try again in a minute.');
}

/** Test connection: reads the account with the saved key and keeps its name. */
export async function testPaymentConnection(
  deps: PaymentDeps,
  user: SessionUser,
): Promise<{ ok: true; account_name: string; live: boolean }> {
  await requireOwner(deps.db, user, 'payments');
  const row = await paymentSettingsOf(deps.db, user.companyId, deps.clock());
  if (!row.stripe_secret_key) {
    throw new AppError('BAD_REQUEST', 'Save a Stripe secret key first.');
  }
  const secretKey = deps.mailSealer.open(row.stripe_secret_key);
  let account: Stripe.Account;
  try {
    account = await stripeFor(secretKey, deps.config).accounts.retrieve(null);
  } catch (error) {
    throw connectionProblem(error);
  }
  const name =
    account.settings?.dashboard.display_name ??
    account.business_profile?.name ??
    account.email ??
    account.id;
  await deps.db
    .updateTable('payment_settings')
    .set({ account_name: name })
    .where('company_id', '=', user.companyId)
    .execute();
  return { ok: true, account_name: name, live: secretKey.includes('_live_') };
}
