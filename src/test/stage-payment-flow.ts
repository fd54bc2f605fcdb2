import { clientSigns, TEST_CLIENT } from './contract-flow.js';
import { sendableDraft } from './factories.js';
import { contractorWithStripe, sendWithDeposit } from './payment-flow.js';
import type { StripeStandIn } from './stripe-stand-in.js';
import { openQueuedBody, type TestApp } from './test-app.js';

/**
 * Helpers for a signed contract's later stages (issue 36): a clock the tests move, a contract the
 * client signed, and the payment link a request mailed.
 */

/** The wall clock, moved by what a test advanced it: the app's deps.clock. */
export function movableClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms: number) {
      offsetMs += ms;
    },
  };
}

/**
 * A contractor whose company took Stripe, and a $5,000.00 contract the client signed: Deposit
 * ($2,500.00, At signing) and Balance ($2,500.00), nothing collected at signing.
 */
export async function signedContractWithStripe(
  t: TestApp & { base: string },
  standIn: StripeStandIn,
  email: string,
  options: { language?: 'en' | 'es' } = {},
) {
  const { cookie, keys } = await contractorWithStripe(t, standIn, email);
  return { cookie, keys, id: await signedContract(t, cookie, options) };
}

/** Another such contract of the same contractor: its id. */
export async function signedContract(
  t: TestApp,
  cookie: string,
  options: { language?: 'en' | 'es' } = {},
): Promise<number> {
  const draft = { ...sendableDraft(TEST_CLIENT), ...options };
  const { id, token } = await sendWithDeposit(t, cookie, draft);
  const signed = await clientSigns(t, token);
  if (signed.statusCode !== 200) throw new Error(`sign failed: ${signed.body}`);
  return id;
}

/** The newest payment request mailed about the contract: its subject, text and the link's token. */
export async function paymentRequestMail(t: TestApp, contractId: number) {
  const row = await t.db
    .selectFrom('email_outbox')
    .select(['to_address', 'subject', 'text', 'html'])
    .where('contract_id', '=', contractId)
    .where('kind', '=', 'payment_request')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) throw new Error(`no payment request was queued for contract ${contractId}`);
  const text = openQueuedBody(t, row.text ?? '');
  const token = /\/pay\/([A-Za-z0-9_-]{43})\b/.exec(text)?.[1];
  if (!token) throw new Error(`no /pay/ link in:\n${text}`);
  return {
    to: row.to_address,
    subject: row.subject,
    text,
    html: openQueuedBody(t, row.html ?? ''),
    token,
  };
}
