import type { Contract } from '../domain/contracts.schemas.js';
import { mailSealerForDataDir } from '../features/mail/body-seal.js';
import type { FollowUpDeps } from '../features/follow-up/follow-up-deps.js';
import { TEST_CLIENT, TEST_CLIENT_SIGNATURE_PNG } from './contract-flow.js';
import { sendableDraft } from './factories.js';
import { get, jsonPost, openQueuedBody, type TestApp } from './test-app.js';

/** Helpers of the follow-through's tests (issue 17): a clock to move, the outbox, the trail. */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Time that only moves when a test moves it; `createTestApp(..., { clock: clock.now })`. */
export interface MovableClock {
  now: () => Date;
  /** Sets the time to `start` plus `ms`. */
  at(ms: number): Date;
  advance(ms: number): Date;
  set(date: Date): Date;
}

export function movableClock(start: Date): MovableClock {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    at(ms) {
      current = new Date(start.getTime() + ms);
      return new Date(current);
    },
    advance(ms) {
      current = new Date(current.getTime() + ms);
      return new Date(current);
    },
    set(date) {
      current = new Date(date);
      return new Date(current);
    },
  };
}

/** What the follow-up services and the worker use, with the app's own key and this clock. */
export function followUpDeps(t: TestApp, clock: () => Date): FollowUpDeps {
  return { db: t.db, config: t.config, mailSealer: mailSealerForDataDir(t.dir), clock };
}

/** A logger that swallows everything (the worker's). */
export const quietLog = { info: () => undefined, warn: () => undefined };

export interface QueuedMail {
  id: number;
  kind: string;
  to_address: string;
  subject: string;
  dedupe_key: string | null;
  text: string;
  html: string;
}

/** The mails queued about a contract (of one kind when given), oldest first, bodies opened. */
export async function queuedMails(
  t: TestApp,
  contractId: number,
  kind?: string,
): Promise<QueuedMail[]> {
  const rows = await t.sql.all<
    Omit<QueuedMail, 'text' | 'html'> & { text: string | null; html: string | null }
  >(
    `SELECT id, kind, to_address, subject, dedupe_key, text, html FROM email_outbox
     WHERE contract_id = ? ${kind ? 'AND kind = ?' : ''} ORDER BY id`,
    ...(kind ? [contractId, kind] : [contractId]),
  );
  return rows.map((row) => ({
    ...row,
    text: row.text === null ? '' : openQueuedBody(t, row.text),
    html: row.html === null ? '' : openQueuedBody(t, row.html),
  }));
}

/** The signing token a mail's text carries ('' when none). */
export function tokenIn(body: string): string {
  return /\/esign\/([A-Za-z0-9_-]{43})/.exec(body)?.[1] ?? '';
}

/** The token of the newest queued mail of this kind about the contract. */
export async function newestToken(t: TestApp, contractId: number, kind: string): Promise<string> {
  const mail = (await queuedMails(t, contractId, kind)).at(-1);
  if (!mail) throw new Error(`no ${kind} mail for contract ${contractId}`);
  const token = tokenIn(mail.text);
  if (!token) throw new Error(`the ${kind} mail of contract ${contractId} has no link`);
  return token;
}

export interface StoredEvent {
  id: number;
  type: string;
  at: string;
  actor: string | null;
  details: Record<string, unknown> | null;
}

/** A contract's audit trail as stored (of one type when given), oldest first. */
export async function eventsOf(
  t: TestApp,
  contractId: number,
  type?: string,
): Promise<StoredEvent[]> {
  const rows = await t.sql.all<Omit<StoredEvent, 'details'> & { details: string | null }>(
    `SELECT id, type, at, actor, details FROM contract_events
     WHERE contract_id = ? ${type ? 'AND type = ?' : ''} ORDER BY id`,
    ...(type ? [contractId, type] : [contractId]),
  );
  return rows.map((row) => ({
    ...row,
    details: row.details ? (JSON.parse(row.details) as Record<string, unknown>) : null,
  }));
}

/** A draft saved but neither signed nor sent; returns its id. */
export async function savedDraft(t: TestApp, cookie: string): Promise<number> {
  const answer = await jsonPost(t.app, '/api/contracts', sendableDraft(TEST_CLIENT), { cookie });
  if (answer.statusCode !== 201) throw new Error(`draft: ${answer.statusCode} ${answer.body}`);
  return answer.json<Contract>().id;
}

/** The contractor's view of one contract (GET /api/contracts/:id). */
export async function contractOf(t: TestApp, cookie: string, id: number): Promise<Contract> {
  const answer = await get(t.app, `/api/contracts/${id}`, { cookie });
  if (answer.statusCode !== 200) throw new Error(`contract ${id}: ${answer.statusCode}`);
  return answer.json<Contract>();
}

/** The homeowner's calls from a device of their own: per-address limits stay out of the way. */
export function fromDevice(remoteAddress: string, userAgent = 'HomeownerPhone/1.0') {
  return {
    open: (t: TestApp, token: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/esign/${token}`,
        remoteAddress,
        headers: { 'user-agent': userAgent },
      }),
    sign: (t: TestApp, token: string) =>
      jsonPost(
        t.app,
        `/api/esign/${token}`,
        { signature: TEST_CLIENT_SIGNATURE_PNG, consent: true, time_zone: 'America/Chicago' },
        { remoteAddress, headers: { 'user-agent': userAgent } },
      ),
    decline: (t: TestApp, token: string, reason: unknown) =>
      jsonPost(
        t.app,
        `/api/esign/${token}/decline`,
        { reason },
        { remoteAddress, headers: { 'user-agent': userAgent } },
      ),
  };
}

let deviceCounter = 0;

/** A device never used before in this process (its own address). */
export function newDevice(userAgent?: string) {
  deviceCounter += 1;
  return fromDevice(
    `198.18.${Math.floor(deviceCounter / 250)}.${(deviceCounter % 250) + 1}`,
    userAgent,
  );
}
