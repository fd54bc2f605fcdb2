import type { Contract } from '../domain/contracts.schemas.js';
import type { SigningOrder } from '../domain/signers.js';
import { TEST_SIGNATURE_PNG, sendableDraft } from './factories.js';
import { TEST_CLIENT, TEST_CLIENT_SIGNATURE_PNG } from './contract-flow.js';
import { jsonPost, openQueuedBody, type TestApp } from './test-app.js';

/** A second homeowner on the title, and a third. */
export const CO_SIGNERS = [
  { name: 'Alex Rivera', email: 'alex@example.com' },
  { name: 'Sam Rivera', email: 'sam@example.com' },
] as const;

/** The signing link mailed to `email` for the contract, newest first; '' when none was. */
export async function linkMailedTo(t: TestApp, contractId: number, email: string) {
  const mail = await t.sql.get<{ text: string }>(
    `SELECT text FROM email_outbox WHERE contract_id = ? AND to_address = ?
       AND kind IN ('signing_request', 'signing_reminder', 'signing_new_link')
     ORDER BY id DESC LIMIT 1`,
    contractId,
    email,
  );
  if (!mail) return '';
  return /\/esign\/([A-Za-z0-9_-]{43})/.exec(openQueuedBody(t, mail.text))?.[1] ?? '';
}

/**
 * Creates, signs and sends a draft with other signers beside the client of record (issue 37).
 * The draft's co-signers are written straight to its row, as the wizard's save stores them.
 * Answers the send and each signer's first link (empty for a signer not yet mailed).
 */
export async function sendContractWithSigners(
  t: TestApp,
  cookie: string,
  options: {
    coSigners?: readonly { name: string; email: string }[];
    order?: SigningOrder;
    language?: 'en' | 'es';
  } = {},
) {
  const coSigners = options.coSigners ?? CO_SIGNERS.slice(0, 1);
  const origin = { cookie, origin: t.origin };
  const draft = {
    ...sendableDraft(TEST_CLIENT),
    ...(options.language ? { language: options.language } : {}),
  };
  const { id } = (await jsonPost(t.app, '/api/contracts', draft, origin)).json<Contract>();
  await t.db
    .updateTable('contracts')
    .set({
      co_signers_json: JSON.stringify(coSigners.map((signer) => ({ ...signer, phone: null }))),
      signing_order: options.order ?? 'together',
    })
    .where('id', '=', id)
    .execute();
  await jsonPost(
    t.app,
    `/api/contracts/${id}/sign-mine`,
    { signature: TEST_SIGNATURE_PNG },
    origin,
  );
  const sent = await jsonPost(
    t.app,
    `/api/contracts/${id}/send`,
    { client_data: TEST_CLIENT },
    origin,
  );
  const emails = [TEST_CLIENT.email, ...coSigners.map((signer) => signer.email)];
  const tokens: string[] = [];
  for (const email of emails) tokens.push(await linkMailedTo(t, id, email));
  return { id, sent, tokens, emails };
}

/** One signer signs through their link, as the signing page does, with their typed name. */
export function signerSigns(t: TestApp, token: string, name: string, device = 1) {
  return jsonPost(
    t.app,
    `/api/esign/${token}`,
    {
      signature: TEST_CLIENT_SIGNATURE_PNG,
      consent: true,
      signer_name: name,
      time_zone: 'America/Chicago',
    },
    {
      remoteAddress: `198.51.100.${device}`,
      headers: { 'user-agent': `HomeownerPhone/${device}` },
    },
  );
}
