import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendableDraft } from '../../test/factories.js';
import {
  createTestApp,
  get,
  jsonPost,
  jsonPut,
  signUp,
  type TestApp,
} from '../../test/test-app.js';

/**
 * The wizard's "Collect online when the client signs" as a draft keeps it (issue 36): the plan's
 * first stage carries `collect_at_signing: true` through a save and a reopening; on any later
 * stage the server drops it. Runs on both engines.
 */
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signUp(t.app, {
    email: 'deposit-draft@example.com',
    password: 'correct horse',
    company_name: 'Greenleaf Landscaping',
  });
  const connected = await jsonPut(
    t.app,
    '/api/payments/settings',
    {
      stripe_secret_key: 'sk_test_51GreenleafSecretKey0000AbCd',
      stripe_webhook_secret: 'whsec_GreenleafSigningSecret0000WxYz',
    },
    { cookie },
  );
  expect(connected.statusCode, connected.body).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const plan = (flags: [boolean | undefined, boolean | undefined]) => [
  {
    label: 'Deposit',
    percent: 33,
    amount_cents: 0,
    trigger: 'At signing',
    ...(flags[0] === undefined ? {} : { collect_at_signing: flags[0] }),
  },
  {
    label: 'Balance',
    percent: 67,
    amount_cents: 0,
    trigger: 'Substantial completion',
    ...(flags[1] === undefined ? {} : { collect_at_signing: flags[1] }),
  },
];

describe('a draft with a deposit collected at signing', () => {
  it('keeps the flag on the first stage through a save and a reopening, and on no other', async () => {
    const created = await jsonPost(
      t.app,
      '/api/contracts',
      {
        ...sendableDraft({ name: 'Jordan Rivera', email: 'jordan@example.com' }, 500_000),
        payment_plan_json: plan([true, true]),
      },
      { cookie },
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    const expected = [
      {
        label: 'Deposit',
        percent: 33,
        amount_cents: 165000,
        trigger: 'At signing',
        collect_at_signing: true,
      },
      { label: 'Balance', percent: 67, amount_cents: 335000, trigger: 'Substantial completion' },
    ];
    expect(created.json<{ payment_plan_json: unknown }>().payment_plan_json).toEqual(expected);
    const reopened = await get(t.app, `/api/contracts/${id}`, { cookie });
    expect(reopened.json<{ payment_plan_json: unknown }>().payment_plan_json).toEqual(expected);

    // Switched off: the first stage goes back to the plan's JSON from before issue 36.
    const off = await jsonPut(
      t.app,
      `/api/contracts/${id}`,
      {
        ...sendableDraft({ name: 'Jordan Rivera', email: 'jordan@example.com' }, 500_000),
        payment_plan_json: plan([false, undefined]),
      },
      { cookie },
    );
    expect(off.statusCode, off.body).toBe(200);
    const stored = await t.sql.value<string>(
      'SELECT payment_plan_json FROM contracts WHERE id = ?',
      id,
    );
    expect(JSON.parse(stored)).toEqual([
      { label: 'Deposit', percent: 33, amount_cents: 165000, trigger: 'At signing' },
      { label: 'Balance', percent: 67, amount_cents: 335000, trigger: 'Substantial completion' },
    ]);
  });

  it('refuses a flag that is not true or false', async () => {
    const created = await jsonPost(
      t.app,
      '/api/contracts',
      {
        ...sendableDraft({ name: 'Jordan Rivera', email: 'jordan@example.com' }),
        payment_plan_json: [
          {
            label: 'Deposit',
            percent: 100,
            amount_cents: 0,
            trigger: 'At signing',
            collect_at_signing: 'yes',
          },
        ],
      },
      { cookie },
    );
    expect(created.statusCode).toBe(400);
    expect(created.body).toBe(
      'payment_plan_json.0.collect_at_signing: collect_at_signing must be true or false',
    );
  });
});
