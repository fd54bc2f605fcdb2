import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { expect } from 'vitest';
import type { RecoveryCodesAnswer, TwoFactorSetup } from '../domain/two-factor.schemas.js';
import type { SignInClock } from '../ports/sign-in-clock.js';
import {
  bodylessRequest,
  cookiePair,
  jsonPost,
  openQueuedBody,
  setCookieHeaders,
  type RequestOptions,
  type TestApp,
} from './test-app.js';

/**
 * The two-step sign-in tests' shared moves, as a person makes them: enrol from the key the
 * server shows, sign in with the password, then with a code computed here with @oslojs/otp (as
 * an authenticator app would), on a clock the test moves.
 */

/** 10 seconds into a 30-second step: a code of "now" is step `STEP0`. */
export const START_MS = Date.parse('2026-12-02T09:00:10.000Z');
export const STEP_MS = 30_000;

export function movableClock(startMs = START_MS) {
  let nowMs = startMs;
  const signInClock: SignInClock = { now: () => nowMs, wait: () => Promise.resolve() };
  return {
    clock: () => new Date(nowMs),
    signInClock,
    nowMs: () => nowMs,
    advance(ms: number) {
      nowMs += ms;
    },
  };
}
export type MovableClock = ReturnType<typeof movableClock>;

/** The code an app shows at `atMs`, or for a step `offset` steps away. */
export function codeAt(secret: string, atMs: number, offset = 0): string {
  const step = Math.floor(atMs / STEP_MS) + offset;
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(step), 6);
}

export const PASSWORD = 'correct horse battery';

/** Turns two-step sign-in on for the signed-in `cookie`; returns the key and the codes. */
export async function enrol(
  t: TestApp,
  cookie: string,
  clock: MovableClock,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await bodylessRequest(t.app, 'POST', '/api/auth/2fa/setup', { cookie });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json<TwoFactorSetup>();
  const enabled = await jsonPost(
    t.app,
    '/api/auth/2fa/enable',
    { code: codeAt(secret, clock.nowMs()) },
    { cookie },
  );
  expect(enabled.statusCode, enabled.body).toBe(200);
  // The next code a test sends is a later step's: the enrolment's step is spent.
  clock.advance(STEP_MS);
  return { secret, recoveryCodes: enabled.json<RecoveryCodesAnswer>().recovery_codes };
}

/** The right password: answers the pending cookie of the second step. */
export async function passwordStep(
  t: TestApp,
  email: string,
  options: RequestOptions = {},
): Promise<string> {
  const answer = await jsonPost(t.app, '/api/auth/login', { email, password: PASSWORD }, options);
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.json()).toEqual({ two_factor_required: true });
  const pending = cookiePair(answer, 'sign-in-pending');
  if (!pending) throw new Error(`no pending cookie: ${setCookieHeaders(answer).join(' | ')}`);
  return pending;
}

export function secondStep(
  t: TestApp,
  pendingCookie: string,
  body: { code?: string; recovery_code?: string },
  options: RequestOptions = {},
) {
  return jsonPost(t.app, '/api/auth/login/2fa', body, { cookie: pendingCookie, ...options });
}

/** The queued mails of a kind to an address, opened as the worker sends them. */
export async function mailsOf(t: TestApp, kind: string, to: string) {
  const rows = await t.db
    .selectFrom('email_outbox')
    .select(['subject', 'html', 'text'])
    .where('kind', '=', kind)
    .where('to_address', '=', to)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    subject: row.subject,
    html: openQueuedBody(t, row.html ?? ''),
    text: openQueuedBody(t, row.text ?? ''),
  }));
}
