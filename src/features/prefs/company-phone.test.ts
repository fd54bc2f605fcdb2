import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Prefs } from '../../domain/prefs.schemas.js';
import {
  createTestApp,
  get,
  jsonPut,
  signUp,
  trpcMutation,
  type TestApp,
} from '../../test/test-app.js';

/**
 * The company's phone has one rule wherever company details are saved (issue 31): onboarding
 * asks for it, so Branding (prefs.update and PUT /api/prefs) cannot erase it, and both take the
 * same numbers. A save that leaves the phone out keeps it.
 */
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signUp(t.app, {
    email: 'phone@example.com',
    password: 'correct horse',
    company_name: 'Greenline Irrigation',
  });
  const onboarded = await trpcMutation(
    t.app,
    'prefs.completeOnboarding',
    {
      company_name: 'Greenline Irrigation',
      company_phone: '(555) 201-3344',
      company_email: 'office@greenline.example',
    },
    { cookie },
  );
  expect(onboarded.statusCode).toBe(200);
});
afterAll(() => t.close());

const phoneNow = async () =>
  (await get(t.app, '/api/prefs', { cookie })).json<Prefs>().company_phone;

/** The message of a refused REST or tRPC call. */
function refusal(answer: LightMyRequestResponse): string {
  if (answer.headers['content-type']?.toString().startsWith('text/plain')) return answer.body;
  return answer.json<{ error: { message: string } }>().error.message;
}

describe("the company's phone", () => {
  it.each([
    ['an empty phone', ''],
    ['blanks', '   '],
    ['null', null],
  ])('cannot be erased in Branding with %s, over REST or tRPC', async (_name, phone) => {
    const rest = await jsonPut(t.app, '/api/prefs', { company_phone: phone }, { cookie });
    expect([rest.statusCode, refusal(rest)]).toEqual([400, 'company_phone: Required']);
    const trpc = await trpcMutation(t.app, 'prefs.update', { company_phone: phone }, { cookie });
    expect([trpc.statusCode, refusal(trpc)]).toEqual([400, 'company_phone: Required']);
    expect(await phoneNow()).toBe('(555) 201-3344');
  });

  it('is kept by a Branding save that leaves it out', async () => {
    const saved = await jsonPut(t.app, '/api/prefs', { company_address: '1 Main St' }, { cookie });
    expect(saved.statusCode).toBe(200);
    expect(await phoneNow()).toBe('(555) 201-3344');
  });

  it('must be a phone number at onboarding and in Branding alike', async () => {
    const atOnboarding = await trpcMutation(
      t.app,
      'prefs.completeOnboarding',
      {
        company_name: 'Greenline Irrigation',
        company_phone: 'call the office',
        company_email: 'office@greenline.example',
      },
      { cookie },
    );
    const inBranding = await jsonPut(
      t.app,
      '/api/prefs',
      { company_phone: 'call the office' },
      { cookie },
    );
    expect(refusal(atOnboarding)).toBe('company_phone: Enter a phone number');
    expect(refusal(inBranding)).toBe('company_phone: Enter a phone number');

    const changed = await jsonPut(
      t.app,
      '/api/prefs',
      { company_phone: '555 010 2000' },
      { cookie },
    );
    expect(changed.statusCode).toBe(200);
    expect(await phoneNow()).toBe('555 010 2000');
  });
});
