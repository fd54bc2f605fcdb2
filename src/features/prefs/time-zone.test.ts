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

/** The company's time zone (issue 31): a pref, set at onboarding and in Branding. */
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signUp(t.app, {
    email: 'zone@example.com',
    password: 'correct horse',
    company_name: 'Prairie Fences',
  });
});
afterAll(() => t.close());

const zoneNow = async (as = cookie) =>
  (await get(t.app, '/api/prefs', { cookie: as })).json<Prefs>().time_zone;

/** The message of a refused REST or tRPC call. */
function refusal(answer: LightMyRequestResponse): string {
  if (answer.headers['content-type']?.toString().startsWith('text/plain')) return answer.body;
  return answer.json<{ error: { message: string } }>().error.message;
}

describe("the company's time zone", () => {
  it('is not set for a new account: times stay in UTC', async () => {
    expect(await zoneNow()).toBeNull();
  });

  it('is set at onboarding from the browser', async () => {
    const onboarded = await trpcMutation(
      t.app,
      'prefs.completeOnboarding',
      {
        company_name: 'Prairie Fences',
        company_phone: '(555) 201-0000',
        company_email: 'office@prairie.example',
        time_zone: 'America/Chicago',
      },
      { cookie },
    );
    expect(onboarded.statusCode).toBe(200);
    expect(await zoneNow()).toBe('America/Chicago');
  });

  it('is changed by PUT /api/prefs and prefs.update, by its canonical name', async () => {
    const rest = await jsonPut(t.app, '/api/prefs', { time_zone: 'america/denver' }, { cookie });
    expect(rest.statusCode).toBe(200);
    expect(rest.json<Prefs>().time_zone).toBe('America/Denver');
    const trpc = await trpcMutation(
      t.app,
      'prefs.update',
      { time_zone: 'Europe/Madrid' },
      { cookie },
    );
    expect(trpc.statusCode).toBe(200);
    expect(await zoneNow()).toBe('Europe/Madrid');
  });

  it('is kept by a save that leaves it out, and cleared by an empty value', async () => {
    await jsonPut(t.app, '/api/prefs', { company_address: '1 Main St' }, { cookie });
    expect(await zoneNow()).toBe('Europe/Madrid');
    const cleared = await jsonPut(t.app, '/api/prefs', { time_zone: '' }, { cookie });
    expect(cleared.statusCode).toBe(200);
    expect(await zoneNow()).toBeNull();
    await jsonPut(t.app, '/api/prefs', { time_zone: 'America/Chicago' }, { cookie });
  });

  it.each([
    [
      'Mars/Olympus',
      'time_zone: Unknown time zone "Mars/Olympus": use an IANA name such as America/Chicago',
    ],
    ['+05:00', 'time_zone: Unknown time zone "+05:00": use an IANA name such as America/Chicago'],
  ])(
    'refuses %s with a clear message, over REST and tRPC, and keeps the zone',
    async (zone, message) => {
      const rest = await jsonPut(t.app, '/api/prefs', { time_zone: zone }, { cookie });
      expect([rest.statusCode, refusal(rest)]).toEqual([400, message]);
      const trpc = await trpcMutation(t.app, 'prefs.update', { time_zone: zone }, { cookie });
      expect([trpc.statusCode, refusal(trpc)]).toEqual([400, message]);
      const onboarding = await trpcMutation(
        t.app,
        'prefs.completeOnboarding',
        {
          company_name: 'Prairie Fences',
          company_phone: '(555) 201-0000',
          company_email: 'office@prairie.example',
          time_zone: zone,
        },
        { cookie },
      );
      expect([onboarding.statusCode, refusal(onboarding)]).toEqual([400, message]);
      expect(await zoneNow()).toBe('America/Chicago');
    },
  );

  it("is the account's own: another account's stays unset", async () => {
    const other = await signUp(t.app, {
      email: 'zone-other@example.com',
      password: 'correct horse',
      company_name: 'Coastal Decks',
    });
    expect(await zoneNow(other)).toBeNull();
  });

  it('is described in the OpenAPI document', async () => {
    const spec = (await get(t.app, '/api/openapi.json')).body;
    expect(spec).toContain('time_zone');
  });
});
