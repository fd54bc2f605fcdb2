import { afterEach, describe, expect, it } from 'vitest';
import {
  createTestApp,
  jsonPost,
  openQueuedBody,
  setCookieHeaders,
  signUp,
  type TestApp,
} from '../../test/test-app.js';
import type { SignInClock } from './sign-in-throttle.js';

/**
 * Issue 15 item 2: an attacker hammers an account; its owner still signs in. Time is moved by
 * hand: the throttle's windows follow `clock.now`, and its slowdown is recorded, not slept.
 * The numbers are docs/decisions/019's rules, written out: 10 failures per (account, address)
 * and 50 per address in 15 minutes refuse; past 30 attempts on one account each waits 3 s;
 * 20 failures on one account mail its owner, at most once a day.
 */
const OWNER = {
  email: 'owner@example.com',
  password: 'correct horse battery',
  company_name: 'Oak Co',
};
const ATTACKER_ADDRESS = '203.0.113.66';
const OWNER_ADDRESS = '198.51.100.7';
const MINUTE_MS = 60_000;

function fakeClock(startMs = Date.parse('2026-11-24T15:00:00Z')) {
  const waits: number[] = [];
  const clock: SignInClock & { waits: number[]; advance(ms: number): void } = {
    waits,
    now: () => startMs,
    wait: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
    advance(ms) {
      startMs += ms;
    },
  };
  return clock;
}

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function appWithOwner(clock: SignInClock) {
  t = await createTestApp({}, { signInClock: clock });
  await signUp(t.app, OWNER, { remoteAddress: OWNER_ADDRESS });
  return t;
}

const signIn = (app: TestApp, password: string, remoteAddress: string, email = OWNER.email) =>
  jsonPost(app.app, '/api/auth/login', { email, password }, { remoteAddress });

async function alertMails(app: TestApp) {
  const rows = await app.db
    .selectFrom('email_outbox')
    .select(['to_address', 'subject', 'html', 'text'])
    .where('kind', '=', 'sign_in_alert')
    .execute();
  return rows.map((row) => ({
    ...row,
    html: openQueuedBody(app, row.html ?? ''),
    text: openQueuedBody(app, row.text ?? ''),
  }));
}

describe('sign-in throttling', () => {
  it('stops an attacker’s address, while the owner signs in from theirs', async () => {
    const clock = fakeClock();
    const app = await appWithOwner(clock);
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const guess = await signIn(app, `guess ${attempt}`, ATTACKER_ADDRESS);
      expect(guess.statusCode, `guess ${attempt}`).toBe(401);
    }
    // Ten minutes into the 15-minute window the attacker's address is refused, even with the
    // right password, and told to come back when the window ends, 5 minutes (300 s) later...
    clock.advance(10 * MINUTE_MS);
    const refused = await signIn(app, OWNER.password, ATTACKER_ADDRESS);
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toBe(
      'Too many sign-in attempts from here. Please wait a few minutes and try again.',
    );
    expect(refused.headers['retry-after']).toBe('300');
    expect(setCookieHeaders(refused)).toEqual([]);

    // ...while the owner, from an address that has not failed, signs in at once.
    const owner = await signIn(app, OWNER.password, OWNER_ADDRESS);
    expect(owner.statusCode).toBe(200);
    expect(clock.waits).toEqual([]);

    // The attacker keeps hammering: still refused, the owner still in.
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      expect((await signIn(app, `more ${attempt}`, ATTACKER_ADDRESS)).statusCode).toBe(429);
    }
    expect((await signIn(app, OWNER.password, OWNER_ADDRESS)).statusCode).toBe(200);

    // When the window ends, 15 minutes after the first guess, the address may try again.
    clock.advance(5 * MINUTE_MS);
    expect((await signIn(app, 'one more guess', ATTACKER_ADDRESS)).statusCode).toBe(401);
  });

  it('slows every attempt on an account guessed from many addresses, and the owner still signs in', async () => {
    const clock = fakeClock();
    const app = await appWithOwner(clock);
    // A botnet: a few guesses from each of many addresses, under the per-address limit.
    // 30 guesses, 3 from each of 10 addresses, reach the account's ceiling without a wait.
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const address = `192.0.2.${Math.floor(attempt / 3) + 1}`;
      expect((await signIn(app, `guess ${attempt}`, address)).statusCode).toBe(401);
    }
    expect(clock.waits).toEqual([]);
    // Past the account's ceiling each attempt waits first: the next guess...
    expect((await signIn(app, 'guess past the ceiling', '192.0.2.200')).statusCode).toBe(401);
    expect(clock.waits).toEqual([3_000]);
    // ...and the owner too, who is slowed, not refused.
    const owner = await signIn(app, OWNER.password, OWNER_ADDRESS);
    expect(owner.statusCode).toBe(200);
    expect(clock.waits).toEqual([3_000, 3_000]);
  });

  it('mails the owner about unusual failures once a day, with HTML and text parts', async () => {
    const clock = fakeClock();
    const app = await appWithOwner(clock);
    // 19 failures from 4 addresses: one short of the 20 that earn a mail.
    for (let attempt = 0; attempt < 19; attempt += 1) {
      await signIn(app, `wrong-pw-${attempt}`, `192.0.2.${(attempt % 4) + 1}`);
    }
    expect(await alertMails(app)).toEqual([]);
    // The owner's own right password does not count as a failure.
    expect((await signIn(app, OWNER.password, OWNER_ADDRESS)).statusCode).toBe(200);
    expect(await alertMails(app)).toEqual([]);

    await signIn(app, 'wrong-pw-crossing', '192.0.2.1');
    const [mail, ...others] = await alertMails(app);
    expect(others).toEqual([]);
    expect(mail?.to_address).toBe(OWNER.email);
    expect(mail?.subject).toBe('Unusual sign-in attempts on your TradeSign account');
    for (const part of [mail?.text ?? '', mail?.html ?? '']) {
      expect(part).toContain(OWNER.email);
      expect(part).toContain('20 times in 15 minutes');
      expect(part).toContain('4 different network addresses');
      expect(part).toContain('None of these attempts got in');
      expect(part).toContain('http://localhost:3000/login');
      expect(part).toContain('at most once a day');
      // Nothing an attacker typed ends up in the mail.
      expect(part).not.toContain('wrong-pw');
    }

    // More failures the same day: no second mail.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await signIn(app, `wrong-pw-later-${attempt}`, `192.0.2.${attempt + 50}`);
      clock.advance(MINUTE_MS);
    }
    expect(await alertMails(app)).toHaveLength(1);

    // A day later, a new run of failures earns a new mail.
    clock.advance(24 * 60 * MINUTE_MS);
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await signIn(app, `wrong-pw-next-${attempt}`, `192.0.2.${(attempt % 5) + 100}`);
    }
    expect(await alertMails(app)).toHaveLength(2);
  });

  it('counts guesses before checking them, so parallel guesses cannot all slip through', async () => {
    const app = await appWithOwner(fakeClock());
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, n) => signIn(app, `parallel ${n}`, ATTACKER_ADDRESS)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });

  it('caps one address spraying many accounts, and sends no mail for unknown emails', async () => {
    const app = await appWithOwner(fakeClock());
    for (let n = 0; n < 50; n += 1) {
      const answer = await signIn(app, 'password1', ATTACKER_ADDRESS, `nobody${n}@example.com`);
      expect(answer.statusCode, `account ${n}`).toBe(401);
    }
    const sprayed = await signIn(app, 'password1', ATTACKER_ADDRESS, 'one-more@example.com');
    expect(sprayed.statusCode).toBe(429);
    expect((await signIn(app, OWNER.password, OWNER_ADDRESS)).statusCode).toBe(200);
    expect(await alertMails(app)).toEqual([]);
  });

  it('counts only failures against an address: an office signs in all day from one', async () => {
    const app = await appWithOwner(fakeClock());
    // 60 right passwords, more than the 50 failures that would refuse the address.
    for (let n = 0; n < 60; n += 1) {
      expect((await signIn(app, OWNER.password, OWNER_ADDRESS)).statusCode, `sign-in ${n}`).toBe(
        200,
      );
    }
  });
});
