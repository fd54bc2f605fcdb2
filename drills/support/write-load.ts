import { setTimeout as sleep } from 'node:timers/promises';
import { drillClient, drillDraft, SIGNATURE } from './contract-payloads.js';
import { openLoadLog } from './load-log.js';
import { readSigningTokens } from './signing-tokens.js';

/**
 * The crash drill's write load, run as a process of its own (`node --import tsx`), so that
 * killing the server cannot take the record of what was answered with it. An owner signs up and
 * accepts the legal acknowledgment; writers then create, edit, sign and send contracts while
 * homeowners sign each one as its link arrives by mail. Every 2xx is logged once answered.
 *
 * Argument: JSON of LoadOptions. Exit codes: 0 all done, 1 an unexpected answer, 2 the server
 * is unreachable (the crash), 3 out of time.
 */
export interface LoadOptions {
  url: string;
  logFile: string;
  tokenFile: string;
  owner: { email: string; password: string; company_name: string };
  contracts: number;
  writers: number;
  homeowners: number;
  /** A writer's pause between contracts: keeps the load going past the crash, the mails few. */
  pauseMs: number;
  deadlineMs: number;
}

class UnexpectedAnswer extends Error {}

const options = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;
const log = openLoadLog(options.logFile);
let cookie = '';

async function call(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body: unknown,
  expected: number,
  headers: Record<string, string> = {},
): Promise<unknown> {
  const answer = await fetch(`${options.url}${path}`, {
    method,
    headers: {
      origin: options.url,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  if (answer.status !== expected) {
    throw new UnexpectedAnswer(`${method} ${path}: ${answer.status} ${text.slice(0, 300)}`);
  }
  if (path === '/api/auth/signup') {
    cookie =
      answer.headers
        .getSetCookie()
        .find((line) => line.startsWith('session='))
        ?.split(';')[0] ?? '';
  }
  return text ? (JSON.parse(text) as unknown) : null;
}

/** Sent contracts waiting for their homeowner: client email -> contract id. */
const awaitingSignature = new Map<string, number>();
let nextContract = 0;
let signedCount = 0;

async function writer() {
  while (nextContract < options.contracts) {
    const n = nextContract;
    nextContract += 1;
    const client = drillClient(n);
    const draft = (await call('POST', '/api/contracts', drillDraft(n), 201)) as { id: number };
    log.append({ kind: 'draft', n, id: draft.id, clientEmail: client.email });
    const total = 500_000 + n * 100;
    await call('PUT', `/api/contracts/${draft.id}`, drillDraft(n, total), 200);
    log.append({ kind: 'update', id: draft.id, total });
    await call('POST', `/api/contracts/${draft.id}/sign-mine`, { signature: SIGNATURE }, 200);
    log.append({ kind: 'sign-mine', id: draft.id });
    await call('POST', `/api/contracts/${draft.id}/send`, { client_data: client }, 200);
    log.append({ kind: 'send', id: draft.id });
    awaitingSignature.set(client.email, draft.id);
    await sleep(options.pauseMs);
  }
}

/** Signs as the homeowner of each sent contract once its link has been mailed. */
async function homeowner() {
  while (signedCount < options.contracts) {
    const tokens = readSigningTokens(options.tokenFile);
    const ready = [...awaitingSignature].find(([email]) => tokens.has(email));
    if (!ready) {
      await sleep(100);
      continue;
    }
    const [email, id] = ready;
    // Taken before the first await, so two homeowners never sign one contract.
    awaitingSignature.delete(email);
    // Each homeowner has an address of their own behind the (trusted, loopback) proxy: the per-IP
    // limit on signatures is for one person's attempts, not for all clients together.
    const forwardedFor = `10.${(id >> 8) & 255}.${id & 255}.7`;
    await call(
      'POST',
      `/api/esign/${tokens.get(email)}`,
      { signature: SIGNATURE, consent: true },
      200,
      { 'x-forwarded-for': forwardedFor, 'user-agent': 'DrillHomeowner/1.0' },
    );
    log.append({ kind: 'client-sign', id });
    signedCount += 1;
  }
}

async function main() {
  setTimeout(() => {
    console.error('write load: out of time');
    process.exit(3);
  }, options.deadlineMs).unref();
  await call('POST', '/api/auth/signup', options.owner, 200);
  if (!cookie) throw new UnexpectedAnswer('signup set no session cookie');
  log.append({ kind: 'signup', email: options.owner.email });
  await call(
    'POST',
    '/api/acceptances',
    { type: 'legal_disclaimer', typed_name: 'Drill Owner' },
    201,
  );
  log.append({ kind: 'acceptance' });
  // The drill sends more contracts than a day's default of client emails (issue 33).
  await call('PUT', '/api/prefs', { client_emails_per_day: 1000 }, 200);
  await Promise.all([
    ...Array.from({ length: options.writers }, () => writer()),
    ...Array.from({ length: options.homeowners }, () => homeowner()),
  ]);
  log.append({ kind: 'done' });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`write load stopped: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(error instanceof UnexpectedAnswer ? 1 : 2);
  },
);
