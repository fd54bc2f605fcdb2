import type { Contract } from '../domain/contracts.schemas.js';
import { sendableDraft, TEST_SIGNATURE_PNG } from './factories.js';
import { jsonPost, openQueuedBody, signUp, type TestApp } from './test-app.js';

/** A second real PNG, so a test can tell the client's signature from the contractor's. */
export const TEST_CLIENT_SIGNATURE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAYAAACddGYaAAAAEElEQVR4nGNgYGD4j4QRHABE1QX7fwpwkQAAAABJRU5ErkJggg==';

export const TEST_CLIENT = { name: 'Jordan Rivera', email: 'jordan@example.com' };

/** A contractor who has accepted the legal acknowledgment: ready to send. Returns the cookie. */
export async function contractorReadyToSend(t: TestApp, email: string, company = 'Greenleaf Co') {
  const origin = { origin: t.origin };
  const cookie = await signUp(
    t.app,
    { email, password: 'secret123', company_name: company },
    origin,
  );
  await jsonPost(
    t.app,
    '/api/acceptances',
    { type: 'legal_disclaimer', typed_name: 'Casey Green' },
    { cookie, ...origin },
  );
  return cookie;
}

/**
 * Makes the contractor's default template this HTML, straight into the database: a template
 * saved before the document policy existed, which the editor would now refuse.
 */
export async function useDefaultTemplateHtml(t: TestApp, email: string, html: string) {
  const user = await t.db
    .selectFrom('users')
    .select('company_id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  await t.db
    .updateTable('templates')
    .set({ html })
    .where('company_id', '=', user.company_id)
    .where('is_preset', '=', 1)
    .execute();
}

/** Creates, signs and sends a draft; the answer of the send and the link's token. */
export async function sendContract(
  t: TestApp,
  cookie: string,
  draft: { language?: 'en' | 'es' } = {},
) {
  const origin = { cookie, origin: t.origin };
  const { id } = (
    await jsonPost(t.app, '/api/contracts', { ...sendableDraft(TEST_CLIENT), ...draft }, origin)
  ).json<Contract>();
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
  if (sent.statusCode !== 200) return { id, sent, token: '' };
  const mail = await t.sql.get<{ text: string }>(
    "SELECT text FROM email_outbox WHERE contract_id = ? AND kind = 'signing_request'",
    id,
  );
  if (!mail) throw new Error(`contract ${id} was sent but no signing request was queued`);
  const token = /\/esign\/([A-Za-z0-9_-]{43})/.exec(openQueuedBody(t, mail.text))?.[1] ?? '';
  return { id, sent, token };
}

/** The client signs through the link, as the signing page does. */
export function clientSigns(t: TestApp, token: string, signature = TEST_CLIENT_SIGNATURE_PNG) {
  return jsonPost(
    t.app,
    `/api/esign/${token}`,
    { signature, consent: true, time_zone: 'America/Chicago' },
    { headers: { 'user-agent': 'HomeownerPhone/1.0' } },
  );
}
