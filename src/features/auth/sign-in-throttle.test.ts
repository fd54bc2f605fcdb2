import { afterEach, describe, expect, it } from 'vitest';
import {
  createTestApp,
  jsonPost,
  openQueuedBody,
  setCookieHeaders,
  signUp,
  type TestApp,
} from '../../test/test-app.js';
import { signInThrottle, TOO_MANY_SIGN_IN_ATTEMPTS, type SignInClock } from './sign-in-throttle.js';

/**
 * Issue 15 item 2: an attacker hammers an account; its owner still signs in. Time is moved by
 * hand: the throttle's windows follow `clock.now`, and its slowdown is recorded, not slept.
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
    for (let attempt = 1; attempt <= signInThrottle.perPair.limit; attempt += 1) {
      const guess = await signIn(app, `guess ${attempt}`, ATTACKER_ADDRESS);
      expect(guess.statusCode, `guess ${attempt}`).toBe(401);
    }
    // The attacker's address is refused now, even with the right password...
    const refused = await signIn(app, OWNER.password, ATTACKER_ADDRESS);
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toBe(TOO_MANY_SIGN_IN_ATTEMPTS);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
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

    // After the window, the address may try again.
    clock.advance(signInThrottle.perPair.windowMs);
    expect((await signIn(app, 'one more guess', ATTACKER_ADDRESS)).statusCode).toBe(401);
  });

  it('slows every attempt on an account guessed from many addresses, and the owner still signs in', async () => {
    const clock = fakeClock();
    const app = await appWithOwner(clock);
    // A botnet: a few guesses from each of many addresses, under the per-address limit.
    const guesses = signInThrottle.perAccount.limit;
    for (let attempt = 0; attempt < guesses; attempt += 1) {
      const address = `192.0.2.${Math.floor(attempt / 3) + 1}`;
      expect((await signIn(app, `guess ${attempt}`, address)).statusCode).toBe(401);
    }
    expect(clock.waits).toEqual([]);
    // Past the account's ceiling each attempt waits first: the next guess...
    expect((await signIn(app, 'guess past the ceiling', '192.0.2.200')).statusCode).toBe(401);
    expect(clock.waits).toEqual([signInThrottle.slowdownMs]);
    // ...and the owner too, who is slowed, not refused.
    const owner = await signIn(app, OWNER.password, OWNER_ADDRESS);
    expect(owner.statusCode).toBe(200);
    expect(clock.waits).toEqual([signInThrottle.slowdownMs, signInThrottle.slowdownMs]);
  });

  it('mails the owner about unusual failures once a day, with HTML and text parts', async () => {
    const clock = fakeClock();
    const app = await appWithOwner(clock);
    for (let attempt = 0; attempt < signInThrottle.alertAfterFailures - 1; attempt += 1) {
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
      expect(part).toContain(`${signInThrottle.alertAfterFailures} times in 15 minutes`);
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
    for (let attempt = 0; attempt < signInThrottle.alertAfterFailures; attempt += 1) {
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
    expect(statuses.filter((status) => status === 401)).toHaveLength(signInThrottle.perPair.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      25 - signInThrottle.perPair.limit,
    );
  });

  it('caps one address spraying many accounts, and sends no mail for unknown emails', async () => {
    const app = await appWithOwner(fakeClock());
    for (let n = 0; n < signInThrottle.perAddress.limit; n += 1) {
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
    for (let n = 0; n < signInThrottle.perAddress.limit + 10; n += 1) {
      expect((await signIn(app, OWNER.password, OWNER_ADDRESS)).statusCode, `sign-in ${n}`).toBe(
        200,
      );
    }
  });
});
