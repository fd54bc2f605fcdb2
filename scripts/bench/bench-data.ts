import type { DB } from '../../src/db/kysely.js';
import type { MailSealer } from '../../src/features/mail/body-seal.js';
import { sendableDraft, TEST_SIGNATURE_PNG } from '../../src/test/factories.js';
import { SEEDED_PASSWORD, seededEmail } from '../seed-scale/seed-scale.js';

/** What the measured requests need: sessions, a live signing link and a deep page cursor. */
export interface BenchTargets {
  /** Session of the bench account: 50 contracts, one of them sent. */
  benchCookie: string;
  /** Session of the seeded account with thousands of contracts. */
  heavyCookie: string;
  signingToken: string;
  /** The cursor after `deepCards` completed cards of the heavy account. */
  deepCursor: unknown;
  deepCards: number;
}

export const BENCH_CONTRACTS = 50;

const draft = (index: number) =>
  sendableDraft(
    { name: `Bench Client ${index}`, email: `client${index}@bench.example` },
    500_000 + index,
  );

/** A small client for the app's own API, as a same-origin browser would call it. */
function apiClient(baseUrl: string) {
  return async <T>(method: string, path: string, body?: unknown, cookie?: string) => {
    const answer = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        origin: baseUrl,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
    const session = /^(session=[^;]+)/.exec(answer.headers.get('set-cookie') ?? '')?.[1];
    return { body: (await answer.json()) as T, session };
  };
}

/**
 * Makes the bench account through the real API (sign-up, acknowledgment, 50 drafts, one signed
 * and sent), signs in as the heaviest seeded account, and finds a deep page of its contracts.
 */
export async function prepareBenchTargets(
  baseUrl: string,
  queued: { db: DB; sealer: MailSealer },
): Promise<BenchTargets> {
  const call = apiClient(baseUrl);
  const signup = await call('POST', '/api/auth/signup', {
    email: 'bench@bench.example',
    password: 'bench-password',
    company_name: 'Bench Landscaping',
  });
  const benchCookie = signup.session ?? '';
  await call(
    'POST',
    '/api/acceptances',
    { type: 'legal_disclaimer', typed_name: 'Bea Bench' },
    benchCookie,
  );
  let lastId = 0;
  for (let index = 1; index <= BENCH_CONTRACTS; index += 1) {
    lastId = (await call<{ id: number }>('POST', '/api/contracts', draft(index), benchCookie)).body
      .id;
  }
  await call(
    'POST',
    `/api/contracts/${lastId}/sign-mine`,
    { signature: TEST_SIGNATURE_PNG },
    benchCookie,
  );
  const sent = draft(BENCH_CONTRACTS);
  await call(
    'POST',
    `/api/contracts/${lastId}/send`,
    { client_data: { name: sent.client_name, email: sent.client_email } },
    benchCookie,
  );
  const signingToken = await tokenFromOutbox(queued, lastId);

  const login = await call('POST', '/api/auth/login', {
    email: seededEmail(1),
    password: SEEDED_PASSWORD,
  });
  const heavyCookie = login.session ?? '';
  let deepCursor: unknown = null;
  let deepCards = 0;
  for (let page = 0; page < 15; page += 1) {
    const input = encodeURIComponent(
      JSON.stringify({ section: 'completed', limit: 100, cursor: deepCursor }),
    );
    const answer = await call<{ result: { data: { items: unknown[]; nextCursor: unknown } } }>(
      'GET',
      `/trpc/contracts.page?input=${input}`,
      undefined,
      heavyCookie,
    );
    if (!answer.body.result.data.nextCursor) break;
    deepCursor = answer.body.result.data.nextCursor;
    deepCards += answer.body.result.data.items.length;
  }
  if (!benchCookie || !heavyCookie) throw new Error('the bench could not sign in');
  return { benchCookie, heavyCookie, signingToken, deepCursor, deepCards };
}

/** The token travels only in the queued email (the bench server runs no mail worker). */
async function tokenFromOutbox(
  queued: { db: DB; sealer: MailSealer },
  contractId: number,
): Promise<string> {
  const mail = await queued.db
    .selectFrom('email_outbox')
    .select('text')
    .where('contract_id', '=', contractId)
    .where('kind', '=', 'signing_request')
    .executeTakeFirst();
  // Bodies are sealed with the app's key (docs/decisions/017).
  const text = mail?.text ? queued.sealer.open(mail.text) : '';
  const token = /\/esign\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
  if (!token) throw new Error('no signing link in the queued email');
  return token;
}
