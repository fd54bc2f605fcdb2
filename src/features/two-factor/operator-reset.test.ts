import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecurityLogPage } from '../../domain/security-events.js';
import { enrol, mailsOf, movableClock, PASSWORD } from '../../test/two-factor-flow.js';
import { createTestApp, get, jsonPost, signUp, type TestApp } from '../../test/test-app.js';
import { mailSealerForDataDir } from '../mail/body-seal.js';
import { disableTwoFactorAtServer } from './operator-reset.js';

/**
 * `tradesign disable-2fa <email>` (issue 34's leftover): whoever runs the server turns two-step
 * sign-in off for a person who lost their phone and their recovery codes; the password alone then
 * signs in, and the person's log and mail say it was done at the server.
 */
const clock = movableClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clock: clock.clock, signInClock: clock.signInClock });
});
afterAll(() => t.close());

const atServer = () => ({
  db: t.db,
  config: t.config,
  mailSealer: mailSealerForDataDir(t.dir),
  clock: clock.clock,
});

describe('turning two-step sign-in off at the server', () => {
  it('lets the password alone sign in again, and tells the person', async () => {
    const email = 'lost-phone@example.com';
    const cookie = await signUp(t.app, {
      email,
      password: PASSWORD,
      company_name: 'Lost Phone Co',
    });
    await enrol(t, cookie, clock);

    expect(await disableTwoFactorAtServer(atServer(), '  Lost-Phone@Example.com ')).toBe(
      'disabled',
    );

    const signedIn = await jsonPost(t.app, '/api/auth/login', { email, password: PASSWORD });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ user: { email } });
    const log = (await get(t.app, '/api/auth/security-log', { cookie })).json<SecurityLogPage>();
    expect(log.events.find((line) => line.type === 'two_factor_disabled')).toMatchObject({
      details: { by: 'the server operator' },
      ip: null,
    });
    const [mail] = await mailsOf(t, 'two_factor_disabled', email);
    expect(mail?.subject).toBe('Two-step sign-in was turned off at the server');
    expect(mail?.text).toContain('Whoever runs your TradeSign server turned two-step sign-in off');
    expect(await disableTwoFactorAtServer(atServer(), email)).toBe('was-off');
  });

  it('says when no account has the email', async () => {
    await expect(disableTwoFactorAtServer(atServer(), 'nobody@example.com')).rejects.toThrow(
      'No account has the email nobody@example.com.',
    );
  });
});
