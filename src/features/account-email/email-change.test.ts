import { SIGNED_UP_OWNER } from '../../test/people.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecurityLogPage } from '../../domain/security-events.js';
import { lastMail, linkTokenIn, queuedMails } from '../../test/account-mail.js';
import {
  createTestApp,
  get,
  jsonPost,
  signUp,
  trpcMutation,
  type TestApp,
} from '../../test/test-app.js';
import { hashPassword } from '../credentials/password.js';
import {
  EMAIL_NOW_TAKEN,
  PASSWORD_CHANGED_SINCE,
  SAME_EMAIL,
  WRONG_PASSWORD,
} from './email-change.service.js';

/**
 * Changing the sign-in email (issue 34, docs/decisions/043): the current password, a link to the
 * new address (24 hours, once) and a notice to the old one; the change made when the link is
 * followed, re-checked then, and told to the old address. The form never reveals whether an
 * address has an account.
 */
const HOUR_MS = 60 * 60 * 1000;
const T0 = Date.parse('2026-12-01T09:00:00.000Z');
let nowMs = T0;
let t: TestApp;
let count = 0;
const password = 'correct horse';

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => new Date(nowMs) });
});
afterAll(() => t.close());

async function account(headers: Record<string, string> = {}) {
  nowMs = T0;
  count += 1;
  const email = `change${count}@example.com`;
  const cookie = await signUp(t.app, { email, password, company_name: 'Elm Co' }, { headers });
  return { email, cookie };
}

const askChange = (cookie: string, newEmail: string, pass = password, remoteAddress?: string) =>
  jsonPost(
    t.app,
    '/api/auth/email',
    { new_email: newEmail, password: pass },
    { cookie, ...(remoteAddress ? { remoteAddress } : {}) },
  );

const confirm = (token: string) => jsonPost(t.app, '/api/auth/email/confirm', { token });

async function log(cookie: string): Promise<SecurityLogPage['events']> {
  return (await get(t.app, '/api/auth/security-log', { cookie })).json<SecurityLogPage>().events;
}

describe('changing the sign-in email', () => {
  it('mails the new address a link and the old a notice, and changes it when the link is followed', async () => {
    const { email, cookie } = await account();
    const asked = await askChange(cookie, 'New.Address@Example.com');
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ ok: true });

    const link = await lastMail(t, 'email_change_confirm', 'new.address@example.com');
    expect(link.subject).toBe('Confirm your new TradeSign sign-in email');
    expect(link.text).toContain(
      'You asked to sign in to TradeSign with new.address@example.com from now on. Confirm it, and it replaces your current sign-in email.',
    );
    expect(link.text).toContain('The link works once, until December 2, 2026 at 9:00 AM UTC.');
    const token = linkTokenIn(link.text, 'confirm-email');
    expect(link.html).toContain(`href="http://localhost:3000/confirm-email/${token}"`);

    const notice = await lastMail(t, 'email_change_notice', email);
    expect(notice.subject).toBe('Your TradeSign sign-in email is about to change');
    expect(notice.text).toContain(
      'Someone asked to change your TradeSign sign-in email to n***@example.com. If this was not you, change your password.',
    );
    expect(notice.text).toContain('http://localhost:3000/settings/security');
    expect(notice.text).not.toContain('new.address');
    expect(notice.html).not.toContain('new.address');
    expect(await t.databaseFilesHolding(token)).toEqual([]);

    // Nothing changed yet: the old address still signs in.
    expect((await get(t.app, '/api/auth/user', { cookie })).json()).toMatchObject({
      user: { email },
    });

    nowMs = T0 + 2 * HOUR_MS;
    const done = await confirm(token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ email: 'new.address@example.com', email_verified: true });
    expect((await get(t.app, '/api/auth/user', { cookie })).json()).toEqual({
      user: {
        ...SIGNED_UP_OWNER,
        email: 'new.address@example.com',
        email_verified: true,
        two_factor_enabled: false,
        recovery_codes_left: 0,
      },
    });
    const signIn = (address: string) =>
      jsonPost(t.app, '/api/auth/login', { email: address, password });
    expect((await signIn('new.address@example.com')).statusCode).toBe(200);
    expect((await signIn(email)).statusCode).toBe(401);

    const changed = await lastMail(t, 'email_changed', email);
    expect(changed.subject).toBe('Your TradeSign sign-in email was changed');
    expect(changed.text).toContain(
      'The sign-in email of your TradeSign account was changed to n***@example.com on December 1, 2026 at 11:00 AM UTC.',
    );

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.body).toBe('This link was already used. Ask for a new one if you still need it.');

    const lines = await log(cookie);
    expect(lines.slice(1, 3)).toMatchObject([
      { type: 'email_changed', details: { from: 'c***@example.com', to: 'n***@example.com' } },
      { type: 'email_change_requested', details: { to: 'n***@example.com' } },
    ]);
  });

  it('works through the tRPC twins', async () => {
    const { cookie } = await account();
    const asked = await trpcMutation(
      t.app,
      'auth.changeEmail',
      { new_email: 'twin.new@example.com', password },
      { cookie },
    );
    expect(asked.statusCode, asked.body).toBe(200);
    const token = linkTokenIn(
      (await lastMail(t, 'email_change_confirm', 'twin.new@example.com')).text,
      'confirm-email',
    );
    const done = await trpcMutation(t.app, 'auth.confirmEmailChange', { token });
    expect(done.json()).toEqual({
      result: { data: { email: 'twin.new@example.com', email_verified: true } },
    });
  });

  it('answers the same for an address that has an account, and tells only that address', async () => {
    const owner = await account();
    const other = await account();
    const freeAnswer = await askChange(owner.cookie, 'free.one@example.com');
    const takenAnswer = await askChange(owner.cookie, other.email);
    expect(takenAnswer.statusCode).toBe(freeAnswer.statusCode);
    expect(takenAnswer.body).toBe(freeAnswer.body);

    expect(await queuedMails(t, 'email_change_confirm', other.email)).toEqual([]);
    const taken = await lastMail(t, 'email_change_taken', other.email);
    expect(taken.subject).toBe('This address already has a TradeSign account');
    expect(taken.text).toContain(
      'This address already has an account of its own, so nothing was changed.',
    );
    expect(await queuedMails(t, 'email_change_notice', owner.email)).toHaveLength(2);
    // The earlier link died as a newer request's would, so its fate tells nothing either.
    const earlier = linkTokenIn(
      (await lastMail(t, 'email_change_confirm', 'free.one@example.com')).text,
      'confirm-email',
    );
    expect((await confirm(earlier)).body).toBe(
      'A newer link was sent after this one. Use the newest email, or ask for a new link.',
    );
  });

  it('checks again when the link is followed that nobody took the address meanwhile', async () => {
    const { email, cookie } = await account();
    await askChange(cookie, 'contested@example.com');
    const token = linkTokenIn(
      (await lastMail(t, 'email_change_confirm', 'contested@example.com')).text,
      'confirm-email',
    );
    await signUp(t.app, { email: 'contested@example.com', password, company_name: 'Fast Co' });
    const late = await confirm(token);
    expect(late.statusCode).toBe(409);
    expect(late.body).toBe(EMAIL_NOW_TAKEN);
    expect((await get(t.app, '/api/auth/user', { cookie })).json()).toMatchObject({
      user: { email },
    });
  });

  it('stops a link once the password is changed, as the notice to the old address says', async () => {
    const { email, cookie } = await account();
    await askChange(cookie, 'intruder@example.com');
    const notice = await lastMail(t, 'email_change_notice', email);
    expect(notice.text).toContain(
      'Whoever asked knew your password: changing it now makes that link stop working.',
    );
    const token = linkTokenIn(
      (await lastMail(t, 'email_change_confirm', 'intruder@example.com')).text,
      'confirm-email',
    );
    // The owner changes the password (Settings → Security, or a reset by mail).
    await t.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('a brand new one', t.config) })
      .where('email', '=', email)
      .execute();
    const refused = await confirm(token);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toBe(PASSWORD_CHANGED_SINCE);
    expect((await get(t.app, '/api/auth/user', { cookie })).json()).toMatchObject({
      user: { email },
    });
  });

  it('stops a link after 24 hours', async () => {
    const { cookie } = await account();
    await askChange(cookie, 'slow.reader@example.com');
    const token = linkTokenIn(
      (await lastMail(t, 'email_change_confirm', 'slow.reader@example.com')).text,
      'confirm-email',
    );
    nowMs = T0 + 24 * HOUR_MS;
    expect((await confirm(token)).body).toBe('This link has expired. Ask for a new one.');
  });

  it('refuses a wrong password as a failed sign-in, counted by the sign-in throttle', async () => {
    const { cookie } = await account();
    const address = '203.0.113.61';
    const wrong = await askChange(cookie, 'thief@example.com', 'guess 1', address);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toBe(WRONG_PASSWORD);
    expect((await log(cookie))[0]).toMatchObject({
      type: 'sign_in_failed',
      ip: address,
      details: { while: 'changing the sign-in email' },
    });
    for (let guess = 2; guess <= 10; guess += 1) {
      expect(
        (await askChange(cookie, 'thief@example.com', `guess ${guess}`, address)).statusCode,
      ).toBe(400);
    }
    // Ten wrong passwords from one address: stopped there, even with the right one.
    const stopped = await askChange(cookie, 'thief@example.com', password, address);
    expect(stopped.statusCode).toBe(429);
    expect(await queuedMails(t, 'email_change_confirm', 'thief@example.com')).toEqual([]);
  });

  it('refuses the address already in use, an API key, and nobody signed in', async () => {
    const { email, cookie } = await account();
    const same = await askChange(cookie, email);
    expect(same.statusCode).toBe(400);
    expect(same.body).toBe(SAME_EMAIL);

    const created = await jsonPost(t.app, '/api/keys', { name: 'Zapier' }, { cookie });
    const key = created.json<{ key: string }>().key;
    const withKey = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      payload: JSON.stringify({ new_email: 'key@example.com', password }),
    });
    expect(withKey.statusCode).toBe(403);
    expect(withKey.body).toMatch(/Settings → Security/);
    const nobody = await jsonPost(t.app, '/api/auth/email', {
      new_email: 'x@example.com',
      password,
    });
    expect(nobody.statusCode).toBe(401);
  });

  it('writes every mail in the account’s language', async () => {
    const other = await account();
    const { email, cookie } = await account({ 'accept-language': 'es' });
    await askChange(cookie, 'nuevo@example.com');
    const link = await lastMail(t, 'email_change_confirm', 'nuevo@example.com');
    expect(link.subject).toBe('Confirme su nuevo correo de inicio de sesión en TradeSign');
    expect(link.text).toContain(
      'El enlace funciona una sola vez, hasta el 2 de diciembre de 2026 a las 9:00 a. m. UTC.',
    );
    const notice = await lastMail(t, 'email_change_notice', email);
    expect(notice.text).toContain(
      'Alguien pidió cambiar su correo de inicio de sesión en TradeSign a n***@example.com. Si no fue usted, cambie su contraseña.',
    );
    expect(notice.html).toContain('<html lang="es">');
    await confirm(linkTokenIn(link.text, 'confirm-email'));
    const changed = await lastMail(t, 'email_changed', email);
    expect(changed.subject).toBe('Se cambió su correo de inicio de sesión en TradeSign');
    expect(changed.text).toContain(
      'se cambió a n***@example.com el 1 de diciembre de 2026 a las 9:00 a. m. UTC.',
    );

    await askChange(cookie, other.email);
    const taken = await lastMail(t, 'email_change_taken', other.email);
    expect(taken.subject).toBe('Esta dirección ya tiene una cuenta de TradeSign');
  });
});

describe('an email change on an account not yet verified', () => {
  let open: TestApp;
  beforeAll(async () => {
    open = await createTestApp({ SIGNUP_EMAILS_VERIFIED: 'false' });
    await signUp(open.app, { email: 'first@example.com', password, company_name: 'First' });
  });
  afterAll(() => open.close());

  it('verifies the new address, and the old verification link no longer works', async () => {
    const cookie = await signUp(open.app, {
      email: 'typo@exmaple.com',
      password,
      company_name: 'Typo Co',
    });
    const verification = linkTokenIn(
      (await lastMail(open, 'email_verification', 'typo@exmaple.com')).text,
      'verify-email',
    );
    await jsonPost(
      open.app,
      '/api/auth/email',
      { new_email: 'right@example.com', password },
      { cookie },
    );
    const token = linkTokenIn(
      (await lastMail(open, 'email_change_confirm', 'right@example.com')).text,
      'confirm-email',
    );
    const done = await jsonPost(open.app, '/api/auth/email/confirm', { token });
    expect(done.json()).toEqual({ email: 'right@example.com', email_verified: true });
    const old = await jsonPost(open.app, '/api/auth/verify-email', { token: verification });
    expect(old.statusCode).toBe(400);
    expect(old.body).toBe(
      'A newer link was sent after this one. Use the newest email, or ask for a new link.',
    );
  });
});
