import { SIGNED_UP_OWNER } from '../../test/people.js';
import { TWO_FACTOR_OFF } from '../../domain/two-factor.schemas.js';

/** What a sign-up makes: the owner of a new company, with two-step sign-in off and no name yet. */
const NEW_OWNER = { ...SIGNED_UP_OWNER, ...TWO_FACTOR_OFF };
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignupStatus } from '../../domain/account-email.schemas.js';
import {
  createTestApp,
  get,
  jsonPost,
  trpcMutation,
  trpcQuery,
  type TestApp,
} from '../../test/test-app.js';
import { SIGNUP_CLOSED, SIGNUP_NOT_OPEN } from './signup-policy.js';

/**
 * Who may sign up (issue 34, SIGNUP_MODE, docs/decisions/043): in `invite` the install's first
 * account and nobody after it, in `closed` nobody, in `open` anyone. A refusal is a 403 that
 * says why and what to do, and the sign-up page can ask beforehand.
 */
const password = 'correct horse';
let count = 0;
function company(name = 'Oak Co') {
  count += 1;
  return { email: `mode${count}@example.com`, password, company_name: name };
}

async function statusOf(t: TestApp): Promise<SignupStatus> {
  const rest = await get(t.app, '/api/auth/signup-status');
  expect(rest.statusCode).toBe(200);
  const twin = await trpcQuery(t.app, 'auth.signupStatus');
  expect(twin.json<{ result: { data: SignupStatus } }>().result.data).toEqual(rest.json());
  return rest.json<SignupStatus>();
}

const usersCount = async (t: TestApp) =>
  Number((await t.sql.get<{ n: number }>('SELECT count(*) AS n FROM users'))?.n);

const trpcError = (body: string) =>
  (JSON.parse(body) as { error: { message: string } }).error.message;

describe('SIGNUP_MODE=invite (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The default: the test harness opens sign-up, so this leaves SIGNUP_MODE out on purpose.
    t = await createTestApp({ SIGNUP_MODE: '', SIGNUP_EMAILS_VERIFIED: 'false' });
  });
  afterAll(() => t.close());

  it('lets the first account of an empty install sign up, verified, then refuses the next', async () => {
    expect(t.config.SIGNUP_MODE).toBe('invite');
    expect(await statusOf(t)).toEqual({ mode: 'invite', can_sign_up: true, message: null });

    const owner = await jsonPost(t.app, '/api/auth/signup', company('Owner Co'));
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json()).toEqual({
      user: { email: 'mode1@example.com', email_verified: true, ...NEW_OWNER },
    });

    expect(await statusOf(t)).toEqual({
      mode: 'invite',
      can_sign_up: false,
      message: 'This TradeSign server is not open for sign-up. Ask its owner for an invitation.',
    });
    const second = await jsonPost(t.app, '/api/auth/signup', company('Second Co'));
    expect(second.statusCode).toBe(403);
    expect(second.body).toBe(SIGNUP_NOT_OPEN);
    const twin = await trpcMutation(t.app, 'auth.signup', company('Third Co'));
    expect(twin.statusCode).toBe(403);
    expect(trpcError(twin.body)).toBe(SIGNUP_NOT_OPEN);
    expect(await usersCount(t)).toBe(1);
  });
});

describe('SIGNUP_MODE=invite on an empty install, two sign-ups at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SIGNUP_MODE: 'invite' });
  });
  afterAll(() => t.close());

  it('lets exactly one of them in', async () => {
    const answers = await Promise.all([
      jsonPost(t.app, '/api/auth/signup', company()),
      jsonPost(t.app, '/api/auth/signup', company()),
      jsonPost(t.app, '/api/auth/signup', company()),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403, 403]);
    expect(await usersCount(t)).toBe(1);
    // Nothing of the refused ones is left behind: no templates, no preferences, no log lines.
    const orphans = await t.sql.get<{ n: number }>(
      'SELECT count(*) AS n FROM templates WHERE company_id NOT IN (SELECT company_id FROM users)',
    );
    expect(Number(orphans?.n)).toBe(0);
  });
});

describe('SIGNUP_MODE=closed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SIGNUP_MODE: 'closed' });
  });
  afterAll(() => t.close());

  it('refuses everyone, the first too, and says the operator makes the first account', async () => {
    expect(SIGNUP_CLOSED).toBe(
      'This TradeSign server is not open for sign-up. Ask its owner for an invitation. If you run this server, create its first account with `tradesign create-owner`.',
    );
    expect(await statusOf(t)).toEqual({
      mode: 'closed',
      can_sign_up: false,
      message: SIGNUP_CLOSED,
    });
    const rest = await jsonPost(t.app, '/api/auth/signup', company());
    expect(rest.statusCode).toBe(403);
    expect(rest.body).toBe(SIGNUP_CLOSED);
    const twin = await trpcMutation(t.app, 'auth.signup', company());
    expect(twin.statusCode).toBe(403);
    expect(trpcError(twin.body)).toBe(SIGNUP_CLOSED);
    expect(await usersCount(t)).toBe(0);
  });
});

describe('SIGNUP_MODE=open', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SIGNUP_MODE: 'open', SIGNUP_EMAILS_VERIFIED: 'false' });
  });
  afterAll(() => t.close());

  it('lets anyone sign up; only the first account starts verified, and the answers say so', async () => {
    expect(await statusOf(t)).toEqual({ mode: 'open', can_sign_up: true, message: null });
    const first = await jsonPost(t.app, '/api/auth/signup', company());
    expect(first.json()).toMatchObject({ user: { email_verified: true } });

    const input = company('Later Co');
    const later = await jsonPost(t.app, '/api/auth/signup', input);
    expect(later.statusCode).toBe(200);
    expect(later.json()).toEqual({
      user: { email: input.email, email_verified: false, ...NEW_OWNER },
    });
    const cookie = later.headers['set-cookie']?.toString().split(';')[0] ?? '';
    expect((await get(t.app, '/api/auth/user', { cookie })).json()).toEqual({
      user: { email: input.email, email_verified: false, ...NEW_OWNER },
    });
    const twin = await trpcQuery(t.app, 'auth.user', undefined, { cookie });
    expect(twin.json()).toEqual({
      result: { data: { user: { email: input.email, email_verified: false, ...NEW_OWNER } } },
    });
    const login = await jsonPost(t.app, '/api/auth/login', { email: input.email, password });
    expect(login.json()).toEqual({
      user: { email: input.email, email_verified: false, ...NEW_OWNER },
    });

    const viaTrpc = await trpcMutation(t.app, 'auth.signup', company('Twin Co'));
    expect(viaTrpc.statusCode).toBe(200);
    expect(viaTrpc.json()).toMatchObject({ result: { data: { user: { email_verified: false } } } });
  });
});
