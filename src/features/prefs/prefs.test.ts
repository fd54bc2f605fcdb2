import { FOLLOW_UP_DEFAULTS } from '../../domain/prefs.schemas.js';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Prefs } from '../../domain/prefs.schemas.js';
import {
  createTestApp,
  get,
  jsonPut,
  signUp,
  trpcMutation,
  trpcQuery,
  type TestApp,
} from '../../test/test-app.js';

const password = 'correct horse';

function trpcError(response: LightMyRequestResponse) {
  return response.json<{ error: { message: string; data: { code: string } } }>().error;
}

async function prefsOf(t: TestApp, cookie: string): Promise<Prefs> {
  const response = await get(t.app, '/api/prefs', { cookie });
  expect(response.statusCode).toBe(200);
  return response.json<Prefs>();
}

describe('preferences over REST', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signUp(t.app, {
      email: 'owner@example.com',
      password,
      company_name: 'Acme Roofing',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('signup stores the company name', async () => {
    expect(await prefsOf(t, cookie)).toEqual({
      company_name: 'Acme Roofing',
      company_phone: null,
      company_email: null,
      company_address: null,
      company_website: null,
      logo_path: null,
      time_zone: null,
      paper_copy_fee_cents: null,
      ...FOLLOW_UP_DEFAULTS,
      client_emails_per_day: 200,
    });
  });

  it('needs a session', async () => {
    expect((await get(t.app, '/api/prefs')).statusCode).toBe(401);
    const put = await jsonPut(t.app, '/api/prefs', { company_name: 'Nobody Co' });
    expect(put.statusCode).toBe(401);
  });

  it('PUT changes only the fields it is given', async () => {
    const first = await jsonPut(t.app, '/api/prefs', { company_phone: '555-0100' }, { cookie });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ company_name: 'Acme Roofing', company_phone: '555-0100' });

    const second = await jsonPut(
      t.app,
      '/api/prefs',
      { company_website: 'https://acme.example.com', company_email: 'office@acme.example.com' },
      { cookie },
    );
    expect(second.statusCode).toBe(200);

    expect(await prefsOf(t, cookie)).toEqual({
      company_name: 'Acme Roofing',
      company_phone: '555-0100',
      company_email: 'office@acme.example.com',
      company_address: null,
      company_website: 'https://acme.example.com',
      logo_path: null,
      time_zone: null,
      paper_copy_fee_cents: null,
      ...FOLLOW_UP_DEFAULTS,
      client_emails_per_day: 200,
    });
  });

  it('an empty optional field clears it', async () => {
    await jsonPut(t.app, '/api/prefs', { company_address: '1 Main St' }, { cookie });
    expect((await prefsOf(t, cookie)).company_address).toBe('1 Main St');
    const cleared = await jsonPut(t.app, '/api/prefs', { company_address: '' }, { cookie });
    expect(cleared.statusCode).toBe(200);
    expect((await prefsOf(t, cookie)).company_address).toBeNull();
  });

  it.each([
    [{ company_name: 'A' }, 'company_name: Company name must be at least 2 characters'],
    [{ company_name: '   ' }, 'company_name: Company name required'],
    [{ company_email: 'not-an-email' }, 'company_email: Invalid email'],
    [{ company_website: 'not a url' }, 'company_website: Invalid URL'],
    [{ company_website: 'javascript:alert(1)' }, 'company_website: Invalid URL'],
  ])('rejects %j with "%s" and saves nothing', async (body, message) => {
    const before = await prefsOf(t, cookie);
    const response = await jsonPut(
      t.app,
      '/api/prefs',
      { company_phone: '555-9999', ...body },
      { cookie },
    );
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toBe(message);
    expect(await prefsOf(t, cookie)).toEqual(before);
  });

  it('each account sees and changes only its own preferences', async () => {
    const other = await signUp(t.app, {
      email: 'other@example.com',
      password,
      company_name: 'Bolt Electric',
    });
    expect((await prefsOf(t, other)).company_name).toBe('Bolt Electric');
    const ownerBefore = await prefsOf(t, cookie);

    const put = await jsonPut(
      t.app,
      '/api/prefs',
      { company_name: 'Bolt Electric LLC', company_phone: '555-0199' },
      { cookie: other },
    );
    expect(put.statusCode).toBe(200);

    expect(await prefsOf(t, cookie)).toEqual(ownerBefore);
    expect(await prefsOf(t, other)).toMatchObject({
      company_name: 'Bolt Electric LLC',
      company_phone: '555-0199',
    });
  });
});

describe('preferences over tRPC', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signUp(t.app, {
      email: 'onboard@example.com',
      password,
      company_name: 'Cedar Decks',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('prefs.get answers the same data as REST and needs a session', async () => {
    const response = await trpcQuery(t.app, 'prefs.get', undefined, { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: { data: await prefsOf(t, cookie) } });
    const anonymous = await trpcQuery(t.app, 'prefs.get');
    expect(anonymous.statusCode).toBe(401);
  });

  it('completeOnboarding requires phone and email', async () => {
    const noPhone = await trpcMutation(
      t.app,
      'prefs.completeOnboarding',
      { company_name: 'Cedar Decks', company_email: 'hi@cedar.example.com' },
      { cookie },
    );
    expect(noPhone.statusCode).toBe(400);
    expect(trpcError(noPhone).message).toBe('company_phone: Required');

    const noEmail = await trpcMutation(
      t.app,
      'prefs.completeOnboarding',
      { company_name: 'Cedar Decks', company_phone: '555-0142' },
      { cookie },
    );
    expect(noEmail.statusCode).toBe(400);
    expect(trpcError(noEmail).message).toBe('company_email: Required');

    const blankEmail = await trpcMutation(
      t.app,
      'prefs.completeOnboarding',
      { company_name: 'Cedar Decks', company_phone: '555-0142', company_email: '  ' },
      { cookie },
    );
    expect(blankEmail.statusCode).toBe(400);
    expect(trpcError(blankEmail).message).toBe('company_email: Required');

    const shortName = await trpcMutation(
      t.app,
      'prefs.completeOnboarding',
      { company_name: 'C', company_phone: '555-0142', company_email: 'hi@cedar.example.com' },
      { cookie },
    );
    expect(trpcError(shortName).message).toBe(
      'company_name: Company name must be at least 2 characters',
    );

    // Nothing was saved by the refused attempts.
    expect(await prefsOf(t, cookie)).toMatchObject({ company_phone: null, company_email: null });
  });

  it('completeOnboarding saves the company details', async () => {
    const response = await trpcMutation(
      t.app,
      'prefs.completeOnboarding',
      {
        company_name: 'Cedar Decks Inc',
        company_phone: '555-0142',
        company_email: 'hi@cedar.example.com',
        company_website: '',
      },
      { cookie },
    );
    expect(response.statusCode).toBe(200);
    expect(await prefsOf(t, cookie)).toEqual({
      company_name: 'Cedar Decks Inc',
      company_phone: '555-0142',
      company_email: 'hi@cedar.example.com',
      company_address: null,
      company_website: null,
      logo_path: null,
      time_zone: null,
      paper_copy_fee_cents: null,
      ...FOLLOW_UP_DEFAULTS,
      client_emails_per_day: 200,
    });
  });

  it('prefs.update validates with the same messages', async () => {
    const response = await trpcMutation(
      t.app,
      'prefs.update',
      { company_website: 'nope' },
      { cookie },
    );
    expect(response.statusCode).toBe(400);
    expect(trpcError(response).message).toBe('company_website: Invalid URL');
  });
});
