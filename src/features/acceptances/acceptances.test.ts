import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGAL_DISCLAIMER_VERSION } from '../../domain/legal-disclaimer.js';
import {
  createTestApp,
  get,
  jsonPost,
  signUp,
  trpcQuery,
  type TestApp,
} from '../../test/test-app.js';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signUp(t.app, {
    email: 'legal@example.com',
    password: 'secret123',
    company_name: 'Legal Co',
  });
});
afterAll(async () => {
  await t.close();
});

const status = async () =>
  (await trpcQuery(t.app, 'acceptances.status', undefined, { cookie })).json<{
    result: { data: { accepted: boolean; typed_name: string | null; disclaimer_version: string } };
  }>().result.data;

describe('the legal acknowledgment', () => {
  it('is not accepted on a new account', async () => {
    expect(await status()).toMatchObject({
      accepted: false,
      typed_name: null,
      disclaimer_version: LEGAL_DISCLAIMER_VERSION,
    });
  });

  it.each([
    [{ type: 'legal_disclaimer', typed_name: 'J' }, 'Please type your full name'],
    [{ type: 'legal_disclaimer', typed_name: '   ' }, 'Please type your full name'],
    [{ type: 'legal_disclaimer' }, 'Please type your full name'],
    [{ type: 'terms', typed_name: 'Jane Doe' }, 'legal_disclaimer'],
  ])('refuses %j', async (body, message) => {
    const answer = await jsonPost(t.app, '/api/acceptances', body, { cookie });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain(message);
    expect((await status()).accepted).toBe(false);
  });

  it('records who, when, from which address and device, and the disclaimer version', async () => {
    const answer = await jsonPost(
      t.app,
      '/api/acceptances',
      { type: 'legal_disclaimer', typed_name: '  Jane Q. Contractor ' },
      { cookie, headers: { 'user-agent': 'TestPhone/1.0' }, remoteAddress: '203.0.113.77' },
    );
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({ accepted: true, typed_name: 'Jane Q. Contractor' });
    const row = await t.sql.get<Record<string, string>>(
      'SELECT typed_name, ip, user_agent, disclaimer_version, accepted_at FROM acceptances',
    );
    expect(row).toMatchObject({
      typed_name: 'Jane Q. Contractor',
      ip: '203.0.113.77',
      user_agent: 'TestPhone/1.0',
      disclaimer_version: LEGAL_DISCLAIMER_VERSION,
    });
    expect(Date.now() - Date.parse(row?.accepted_at ?? '')).toBeLessThan(60_000);
    expect(await status()).toMatchObject({ accepted: true, typed_name: 'Jane Q. Contractor' });
  });

  it('asks again when the disclaimer text has a new version', async () => {
    await t.sql.run("UPDATE acceptances SET disclaimer_version = '2000-01-01'");
    expect((await status()).accepted).toBe(false);
  });

  it('answers the same status over REST as over tRPC', async () => {
    const rest = await get(t.app, '/api/acceptances', { cookie });
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toEqual(await status());
    expect((await get(t.app, '/api/acceptances')).statusCode).toBe(401);
  });

  it('needs a signed-in user', async () => {
    const answer = await jsonPost(t.app, '/api/acceptances', {
      type: 'legal_disclaimer',
      typed_name: 'Jane',
    });
    expect(answer.statusCode).toBe(401);
  });
});
