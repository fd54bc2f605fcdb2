import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  get,
  jsonPost,
  signUp,
  trpcMutation,
  type TestApp,
} from '../test/test-app.js';
import { JSON_TOO_DEEP_MESSAGE, MAX_JSON_DEPTH } from './json-depth.js';

/** Issue 15 item 3: about a megabyte of nested arrays, as the security review sent it. */
const HOSTILE = '['.repeat(500_000) + ']'.repeat(500_000);
const justTooDeep = '['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1);

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await signUp(t.app, {
    email: 'deep@example.com',
    password: 'secret123',
    company_name: 'Deep Co',
  });
});
afterAll(() => t.close());

describe('JSON nested deeper than the schemas need', () => {
  it('is refused with 400 on the anonymous sign-in, before it is parsed', async () => {
    for (const body of [HOSTILE, justTooDeep, `{"email":${justTooDeep},"password":"x"}`]) {
      const response = await jsonPost(t.app, '/api/auth/login', body);
      expect(response.statusCode).toBe(400);
      expect(response.body).toBe(JSON_TOO_DEEP_MESSAGE);
    }
    // A sign-in that nests as deep as allowed is read and judged as usual.
    const allowed = '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH);
    expect((await jsonPost(t.app, '/api/auth/login', allowed)).statusCode).toBe(400);
    expect((await jsonPost(t.app, '/api/auth/login', allowed)).body).not.toBe(
      JSON_TOO_DEEP_MESSAGE,
    );
  });

  it('is refused on the tRPC endpoint, in a mutation body and in a query input', async () => {
    const mutation = await trpcMutation(t.app, 'auth.login', HOSTILE);
    expect(mutation.statusCode).toBe(400);
    expect(mutation.body).toBe(JSON_TOO_DEEP_MESSAGE);

    const batch = await jsonPost(t.app, '/trpc/contracts.create?batch=1', `{"0":${justTooDeep}}`, {
      cookie,
    });
    expect(batch.statusCode).toBe(400);
    expect(batch.body).toBe(JSON_TOO_DEEP_MESSAGE);

    const query = await get(t.app, `/trpc/contracts.get?input=${encodeURIComponent(justTooDeep)}`, {
      cookie,
    });
    expect(query.statusCode).toBe(400);
    expect(query.body).toBe(JSON_TOO_DEEP_MESSAGE);
  });

  it('leaves the usual calls alone', async () => {
    const list = await get(t.app, '/api/contracts', { cookie });
    expect(list.statusCode).toBe(200);
    const wrongPassword = await jsonPost(t.app, '/api/auth/login', {
      email: 'nobody@example.com',
      password: 'not-it',
    });
    expect(wrongPassword.statusCode).toBe(401);
  });
});
