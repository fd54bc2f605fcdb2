import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { findSigningLink } from '../../src/features/mail/signing-link-log.js';
import { TEST_SIGNATURE_PNG } from '../../src/test/factories.js';

/** What the audited pages need: an owner's session and a signing link sent to a client. */
export interface AuditData {
  /** `session=...`, sent as a Cookie header on the signed-in pages. */
  cookie: string;
  /** `/esign/<token>` of a contract waiting for the client's signature. */
  signingPath: string;
}

const OWNER = {
  email: 'lighthouse-owner@example.com',
  password: 'lighthouse-secret',
  company_name: 'Lighthouse Renovations',
};

const CLIENT = {
  name: 'Jordan Rivera',
  email: 'jordan.rivera@example.com',
  phone: '(555) 010-2020',
  address: '12 Elm Street, Springfield',
};

/** $12,500 in three stages that add up to the total exactly (docs/decisions/008). */
const PAYMENT_PLAN = [
  { label: 'Deposit', percent: 30, amount_cents: 375_000, trigger: 'On signing' },
  { label: 'Rough-in', percent: 40, amount_cents: 500_000, trigger: 'Framing and rough-in done' },
  { label: 'Completion', percent: 30, amount_cents: 375_000, trigger: 'Final walkthrough' },
];

/**
 * Sets up, through the REST API only, what a real owner would have: an account past onboarding
 * and the legal acknowledgment, two drafts and one contract sent to a client. The signing token
 * only leaves the server by mail; without SMTP_URL the mail lands as a file under DATA_DIR.
 */
export async function prepareAuditData(app: { url: string; dataDir: string }): Promise<AuditData> {
  const api = restClient(app.url);
  const cookie = await api.signUp(OWNER);
  await api.send('PUT', '/api/prefs', {
    company_phone: '(555) 123-4567',
    company_email: 'office@lighthouse-renovations.example',
    company_address: '400 Harbor Road, Springfield',
  });
  await api.send('POST', '/api/acceptances', {
    type: 'legal_disclaimer',
    typed_name: 'Casey Lighthouse',
  });

  await api.send('POST', '/api/contracts', {
    client_name: 'Sam Draft',
    scope_raw: ['Paint fence'],
  });
  await api.send('POST', '/api/contracts', draftFor('Alex Porch', 'alex.porch@example.com'));
  const sent = (await api.send('POST', '/api/contracts', draftFor(CLIENT.name, CLIENT.email))) as {
    id: number;
  };
  await api.send('POST', `/api/contracts/${sent.id}/sign-mine`, { signature: TEST_SIGNATURE_PNG });
  await api.send('POST', `/api/contracts/${sent.id}/send`, { client_data: CLIENT });

  const link = await waitForSigningLink(path.join(app.dataDir, 'mail'), 20_000);
  return { cookie, signingPath: new URL(link).pathname };
}

function draftFor(name: string, email: string) {
  return {
    client_name: name,
    client_email: email,
    client_phone: CLIENT.phone,
    client_address: CLIENT.address,
    scope_raw: ['Replace kitchen cabinets', 'New countertop', 'Haul away old units'],
    scope_clean: {
      paragraph: 'Remove the existing kitchen cabinets and install new ones with a new countertop.',
      bullets: ['Remove and haul away old cabinets', 'Install new cabinets', 'Fit new countertop'],
    },
    total_price_cents: 1_250_000,
    payment_plan_json: PAYMENT_PLAN,
  };
}

/** JSON calls as a same-origin browser makes them (the server's CSRF check wants Origin). */
function restClient(baseUrl: string) {
  const origin = new URL(baseUrl).origin;
  let cookie = '';
  const call = async (method: string, url: string, body: unknown) => {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return { response, answer: JSON.parse(text) as unknown };
  };
  return {
    async signUp(account: typeof OWNER): Promise<string> {
      const { response } = await call('POST', '/api/auth/signup', account);
      const session = response.headers
        .getSetCookie()
        .map((line) => line.split(';')[0] ?? '')
        .find((pair) => /^(__Host-)?session=/.test(pair));
      if (!session) throw new Error('signup set no session cookie');
      cookie = session;
      return session;
    },
    async send(method: 'POST' | 'PUT', url: string, body: unknown): Promise<unknown> {
      return (await call(method, url, body)).answer;
    },
  };
}

/** The mail worker sends within a second or two; the link is in the signing request's text. */
async function waitForSigningLink(mailDir: string, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = await readdir(mailDir).catch(() => []);
    for (const file of files.filter((name) => name.endsWith('.eml'))) {
      const mail = await simpleParser(await readFile(path.join(mailDir, file)));
      const link = findSigningLink(mail.text ?? '');
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no signing request mail in ${mailDir} after ${timeoutMs / 1000} s`);
}
