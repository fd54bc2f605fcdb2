import type { CompanyId } from '../../domain/team.js';
import { personByEmail } from '../../test/people.js';
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
import { paperCopyFeeCents } from './prefs.service.js';

/** The company's fee for a paper copy of its records (issue 32): a pref, set in Branding. */
let t: TestApp;
let cookie: string;
let companyId: CompanyId;

async function idOf(email: string): Promise<CompanyId> {
  return (await personByEmail(t.db, email)).company_id;
}

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signUp(t.app, {
    email: 'fee@example.com',
    password: 'correct horse',
    company_name: 'Harbor Siding',
  });
  companyId = await idOf('fee@example.com');
});
afterAll(() => t.close());

const feeNow = async (as = cookie) =>
  (await get(t.app, '/api/prefs', { cookie: as })).json<Prefs>().paper_copy_fee_cents;

/** The message of a refused REST or tRPC call. */
function refusal(answer: LightMyRequestResponse): string {
  if (answer.headers['content-type']?.toString().startsWith('text/plain')) return answer.body;
  return answer.json<{ error: { message: string } }>().error.message;
}

describe('the fee for a paper copy', () => {
  it('is no fee for a new account', async () => {
    expect(await feeNow()).toBeNull();
    expect(await paperCopyFeeCents(t.db, companyId)).toBeNull();
  });

  it('is set by PUT /api/prefs and prefs.update, in cents, and read back by paperCopyFeeCents', async () => {
    const rest = await jsonPut(t.app, '/api/prefs', { paper_copy_fee_cents: 2500 }, { cookie });
    expect(rest.statusCode).toBe(200);
    expect(rest.json<Prefs>().paper_copy_fee_cents).toBe(2500);
    expect(await paperCopyFeeCents(t.db, companyId)).toBe(2500);

    const trpc = await trpcMutation(
      t.app,
      'prefs.update',
      { paper_copy_fee_cents: 100_000 },
      { cookie },
    );
    expect(trpc.statusCode).toBe(200);
    expect(await feeNow()).toBe(100_000);
  });

  it('is kept by a save that leaves it out', async () => {
    await jsonPut(t.app, '/api/prefs', { company_address: '9 Dock Rd' }, { cookie });
    expect(await feeNow()).toBe(100_000);
  });

  it('is removed by null or 0, both read as no fee', async () => {
    await jsonPut(t.app, '/api/prefs', { paper_copy_fee_cents: 0 }, { cookie });
    expect(await feeNow()).toBeNull();
    expect(await paperCopyFeeCents(t.db, companyId)).toBeNull();
    await jsonPut(t.app, '/api/prefs', { paper_copy_fee_cents: 500 }, { cookie });
    await jsonPut(t.app, '/api/prefs', { paper_copy_fee_cents: null }, { cookie });
    expect(await feeNow()).toBeNull();
  });

  it('reads a 0 written before this rule as no fee', async () => {
    await t.db
      .updateTable('preferences')
      .set({ paper_copy_fee_cents: 0 })
      .where('company_id', '=', companyId)
      .execute();
    expect(await feeNow()).toBeNull();
    expect(await paperCopyFeeCents(t.db, companyId)).toBeNull();
  });

  it.each([
    [100_001, 'paper_copy_fee_cents: The fee is at most $1,000.00'],
    [-1, 'paper_copy_fee_cents: The fee cannot be negative'],
    [12.5, 'paper_copy_fee_cents: The fee must be a whole number of cents'],
    ['25.00', 'paper_copy_fee_cents: The fee must be a whole number of cents'],
  ])(
    'refuses %j with a clear message, over REST and tRPC, and keeps the fee',
    async (fee, message) => {
      await jsonPut(t.app, '/api/prefs', { paper_copy_fee_cents: 1500 }, { cookie });
      const rest = await jsonPut(
        t.app,
        '/api/prefs',
        { company_address: '1 Refused St', paper_copy_fee_cents: fee },
        { cookie },
      );
      expect([rest.statusCode, refusal(rest)]).toEqual([400, message]);
      const trpc = await trpcMutation(
        t.app,
        'prefs.update',
        { paper_copy_fee_cents: fee },
        { cookie },
      );
      expect([trpc.statusCode, refusal(trpc)]).toEqual([400, message]);
      expect(await feeNow()).toBe(1500);
      const prefs = (await get(t.app, '/api/prefs', { cookie })).json<Prefs>();
      expect(prefs.company_address).toBe('9 Dock Rd');
    },
  );

  it("is the company's own", async () => {
    const other = await signUp(t.app, {
      email: 'fee-other@example.com',
      password: 'correct horse',
      company_name: 'Inland Siding',
    });
    expect(await feeNow(other)).toBeNull();
    expect(await paperCopyFeeCents(t.db, await idOf('fee-other@example.com'))).toBeNull();
    expect(await paperCopyFeeCents(t.db, companyId)).toBe(1500);
  });

  it('is described in the OpenAPI document', async () => {
    const spec = (await get(t.app, '/api/openapi.json')).body;
    expect(spec).toContain('paper_copy_fee_cents');
    expect(spec).toContain('Fee for a paper copy');
  });
});
