import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  jsonPost,
  signUp,
  trpcMutation,
  type TestApp,
} from '../../test/test-app.js';
import { USER_AGENTS } from '../../test/user-agents.js';

/**
 * What a sign-up leaves behind for the account's security (issue 34): a session that remembers
 * its device, the language of the account's mails, and the install's first account marked.
 */
let t: TestApp;
let emails = 0;

beforeAll(async () => {
  // Open sign-up as a public host runs it: later accounts verify their email by a link.
  t = await createTestApp({ SIGNUP_MODE: 'open', SIGNUP_EMAILS_VERIFIED: 'false' });
});
afterAll(() => t.close());

function account() {
  emails += 1;
  return { email: `joiner${emails}@example.com`, password: 'correct horse', company_name: 'Co' };
}

const userRow = (email: string) =>
  t.db
    .selectFrom('users')
    .select(['id', 'language', 'email_verified_at'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();

describe('a sign-up', () => {
  // First in the file: the database is empty until it runs.
  it('marks the install’s first account, verified, and no later one', async () => {
    const first = account();
    const second = account();
    await signUp(t.app, first);
    await signUp(t.app, second);
    const owner = await userRow(first.email);
    const joiner = await userRow(second.email);
    expect(
      await t.sql.all("SELECT value FROM instance_settings WHERE name = 'first_account'"),
    ).toEqual([{ value: String(owner.id) }]);
    expect(owner.email_verified_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(joiner.email_verified_at).toBeNull();
  });

  it('keeps the address and browser its session was made from, a long user agent cut to 500', async () => {
    const input = account();
    const longAgent = `${USER_AGENTS.chromeOnAndroid} ${'x'.repeat(600)}`;
    await signUp(t.app, input, {
      remoteAddress: '203.0.113.44',
      headers: { 'user-agent': longAgent },
    });
    const { id } = await userRow(input.email);
    const sessions = await t.db
      .selectFrom('sessions')
      .select(['ip', 'user_agent'])
      .where('user_id', '=', id)
      .execute();
    expect(sessions).toEqual([{ ip: '203.0.113.44', user_agent: longAgent.slice(0, 500) }]);

    const login = await jsonPost(
      t.app,
      '/api/auth/login',
      { email: input.email, password: input.password },
      { remoteAddress: '198.51.100.9', headers: { 'user-agent': USER_AGENTS.safariOnIphone } },
    );
    expect(login.statusCode).toBe(200);
    const after = await t.db
      .selectFrom('sessions')
      .select(['ip', 'user_agent'])
      .where('user_id', '=', id)
      .where('ip', '=', '198.51.100.9')
      .execute();
    expect(after).toEqual([{ ip: '198.51.100.9', user_agent: USER_AGENTS.safariOnIphone }]);
  });

  it("writes the account's mails in the browser's language: Spanish first is Spanish", async () => {
    const spanish = account();
    await signUp(t.app, spanish, { headers: { 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' } });
    expect((await userRow(spanish.email)).language).toBe('es');

    const english = account();
    await signUp(t.app, english, { headers: { 'accept-language': 'en-US,en;q=0.9,es;q=0.8' } });
    expect((await userRow(english.email)).language).toBe('en');

    const viaTrpc = account();
    const answer = await trpcMutation(t.app, 'auth.signup', viaTrpc, {
      headers: { 'accept-language': 'es' },
    });
    expect(answer.statusCode).toBe(200);
    expect((await userRow(viaTrpc.email)).language).toBe('es');
  });
});
