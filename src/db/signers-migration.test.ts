import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorReadyToSend, sendContract, clientSigns } from '../test/contract-flow.js';
import { HOUR_MS, movableClock, newDevice } from '../test/follow-up-flow.js';
import { createTestApp, jsonPost, type TestApp } from '../test/test-app.js';
import { migrationProvider, migrations } from './migrate.js';

/**
 * 202612040100_contract_signers on either engine (issue 37, docs/decisions/048): every contract
 * sent before becomes a contract with one signer, who holds its signature, typed name, openings
 * and decline, and whose links are its links. Stepping down (through every later migration) puts
 * the signature and the typed name back on the contract; stepping up again to the latest rebuilds
 * the same signers.
 */
const PREVIOUS = '202612030100_payments';
const LATEST = Object.keys(migrations).at(-1) ?? '';

let t: TestApp;
let owner: string;
const ids: Record<'signed' | 'declined' | 'opened', number> = { signed: 0, declined: 0, opened: 0 };
const tokens: Record<'signed' | 'declined' | 'opened', string> = {
  signed: '',
  declined: '',
  opened: '',
};

const clock = movableClock(new Date('2026-12-04T15:00:00.000Z'));

beforeAll(async () => {
  t = await createTestApp({}, { clock: clock.now });
  owner = await contractorReadyToSend(t, 'migrating-signers@example.com');
  for (const kind of ['signed', 'declined', 'opened'] as const) {
    const { id, token } = await sendContract(t, owner);
    ids[kind] = id;
    tokens[kind] = token;
  }
  expect((await clientSigns(t, tokens.signed)).statusCode).toBe(200);
  expect((await newDevice().open(t, tokens.opened)).statusCode).toBe(200);
  clock.advance(2 * HOUR_MS);
  const reminded = await jsonPost(
    t.app,
    `/api/contracts/${ids.opened}/remind`,
    {},
    {
      cookie: owner,
      origin: t.origin,
    },
  );
  expect(reminded.statusCode, reminded.body).toBe(200);
  const declined = await jsonPost(t.app, `/api/esign/${tokens.declined}/decline`, {
    reason: 'Not this year',
  });
  expect(declined.statusCode).toBe(200);
});
afterAll(() => t.close());

const migrator = () => new Migrator({ db: t.db, provider: migrationProvider });

async function migrateTo(name: string) {
  const { error } = await migrator().migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
}

const SIGNER_FACTS = `SELECT contract_id, position, name, email, language, invited_at, first_viewed_at,
  view_count, reminders_sent, last_reminder_at, signed_at, signed_name, signature_png, declined_at
  FROM contract_signers
  ORDER BY contract_id`;

describe('the signers migration', () => {
  it('gives every sent contract one signer, and steps down and up again without losing one', async () => {
    const before = await t.sql.all<Record<string, unknown>>(SIGNER_FACTS);
    expect(before).toHaveLength(3);
    const signed = before.find((row) => row.contract_id === ids.signed);
    expect(signed).toMatchObject({ position: 1, name: 'Jordan Rivera', view_count: 0 });
    expect(signed?.signature_png).toMatch(/^data:image\/png;base64,/);
    expect(before.find((row) => row.contract_id === ids.opened)).toMatchObject({
      view_count: 1,
      reminders_sent: 1,
      last_reminder_at: clock.now().toISOString(),
    });
    expect(before.find((row) => row.contract_id === ids.declined)?.declined_at).not.toBeNull();

    await migrateTo(PREVIOUS);
    // The previous release's columns hold the signature again.
    const old = await t.sql.get<{ client_signature_png: string | null }>(
      'SELECT client_signature_png FROM contracts WHERE id = ?',
      ids.signed,
    );
    expect(old?.client_signature_png).toBe(signed?.signature_png);

    // Up again through this migration and every later one, as an upgrade runs them.
    await migrateTo(LATEST);
    const after = await t.sql.all<Record<string, unknown>>(SIGNER_FACTS);
    expect(after).toEqual(before);
    const orphans = await t.sql.value<number>(
      'SELECT count(*) FROM signing_links WHERE signer_id IS NULL',
    );
    expect(Number(orphans)).toBe(0);
    expect(
      await t.sql.value<number>('SELECT signers_signed FROM contracts WHERE id = ?', ids.signed),
    ).toBe(1);
    // The links work in the app as before: the signed one shows its copy, the open one signs.
    const view = await t.app.inject({ method: 'GET', url: `/api/esign/${tokens.opened}` });
    expect(view.json()).toMatchObject({
      status: 'sent',
      signers: [{ name: 'Jordan Rivera', you: true }],
    });
    expect((await clientSigns(t, tokens.opened)).statusCode).toBe(200);
  });
});
