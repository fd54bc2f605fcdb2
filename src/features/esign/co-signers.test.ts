import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorReadyToSend, TEST_CLIENT } from '../../test/contract-flow.js';
import {
  eventsOf,
  movableClock,
  queuedMails,
  type MovableClock,
} from '../../test/follow-up-flow.js';
import {
  CO_SIGNERS,
  linkMailedTo,
  sendContractWithSigners,
  signerSigns,
} from '../../test/signers-flow.js';
import { createTestApp, jsonPost, type TestApp } from '../../test/test-app.js';
import type { EsignView } from '../../domain/esign.schemas.js';
import { createSigningLink } from './signing-links.js';

const START = new Date('2026-12-02T15:00:00.000Z');
const OWNER = 'cosigners@example.com';

let t: TestApp;
let clock: MovableClock;
let owner: string;

beforeAll(async () => {
  clock = movableClock(START);
  t = await createTestApp({}, { clock: clock.now });
  owner = await contractorReadyToSend(t, OWNER);
});
afterAll(() => t.close());

const contractRow = (id: number) =>
  t.sql.get<{ status: string; client_signed_at: string | null; signers_signed: number }>(
    'SELECT status, client_signed_at, signers_signed FROM contracts WHERE id = ?',
    id,
  );

const signerRows = (id: number) =>
  t.sql.all<{ name: string; signed_at: string | null; invited_at: string | null }>(
    'SELECT name, signed_at, invited_at FROM contract_signers WHERE contract_id = ? ORDER BY position',
    id,
  );

async function view(token: string): Promise<EsignView> {
  const answer = await t.app.inject({ method: 'GET', url: `/api/esign/${token}` });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<EsignView>();
}

describe('two homeowners signing together', () => {
  it('mails each their own link, and signs the contract only when the last one signs', async () => {
    const { id, sent, tokens } = await sendContractWithSigners(t, owner);
    expect(sent.statusCode, sent.body).toBe(200);
    const [first, second] = tokens;
    expect(first).toHaveLength(43);
    expect(second).toHaveLength(43);
    expect(first).not.toBe(second);
    const requests = await queuedMails(t, id, 'signing_request');
    expect(requests.map((mail) => mail.to_address)).toEqual([
      TEST_CLIENT.email,
      CO_SIGNERS[0].email,
    ]);
    // Each mail greets its own reader.
    expect(requests[1]?.text).toContain('Alex Rivera');

    const seenBySecond = await view(second ?? '');
    expect(seenBySecond.signers).toEqual([
      { name: 'Jordan Rivera', status: 'sent', signed_at: null, you: false },
      { name: 'Alex Rivera', status: 'viewed', signed_at: null, you: true },
    ]);
    expect(seenBySecond.waiting_for).toBeNull();
    // Each signer's first opening alerts the contractor, naming them.
    const alerts = await queuedMails(t, id, 'viewed_alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.text).toContain('Alex Rivera');
    await view(first ?? '');
    await view(second ?? '');
    expect(await queuedMails(t, id, 'viewed_alert')).toHaveLength(2);

    const firstSigned = await signerSigns(t, first ?? '', 'Jordan Rivera', 1);
    expect(firstSigned.statusCode, firstSigned.body).toBe(200);
    expect(firstSigned.json()).toMatchObject({ status: 'sent', client_signed_at: null });
    expect(await contractRow(id)).toMatchObject({ status: 'sent', signers_signed: 1 });
    // The same signer cannot sign twice.
    expect((await signerSigns(t, first ?? '', 'Jordan Rivera', 1)).statusCode).toBe(409);

    clock.advance(60_000);
    const secondSigned = await signerSigns(t, second ?? '', 'Alex Rivera', 2);
    expect(secondSigned.statusCode, secondSigned.body).toBe(200);
    expect(secondSigned.json()).toMatchObject({ client_signed_at: clock.now().toISOString() });
    expect(await contractRow(id)).toMatchObject({ signers_signed: 2 });
    expect((await contractRow(id))?.status).not.toBe('sent');
    const signatures = await eventsOf(t, id, 'signed_by_client');
    expect(signatures.map((event) => (event.details?.signer as { name: string }).name)).toEqual([
      'Jordan Rivera',
      'Alex Rivera',
    ]);
  });

  it('takes two signatures given in the same instant, and signs the contract exactly once', async () => {
    const { id, tokens } = await sendContractWithSigners(t, owner);
    const [first, second] = tokens;
    const answers = await Promise.all([
      signerSigns(t, first ?? '', 'Jordan Rivera', 3),
      signerSigns(t, second ?? '', 'Alex Rivera', 4),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const row = await contractRow(id);
    expect(row?.signers_signed).toBe(2);
    expect(row?.client_signed_at).not.toBeNull();
    expect((await signerRows(id)).every((signer) => signer.signed_at !== null)).toBe(true);
    const moves = (await eventsOf(t, id)).filter((event) =>
      ['signed_by_client', 'completed'].includes(event.type),
    );
    expect(moves.filter((event) => event.type === 'signed_by_client')).toHaveLength(2);
    // One signed copy per party: the contract completed once.
    expect(moves.filter((event) => event.type === 'completed').length).toBeLessThanOrEqual(1);
  });
});

describe('signing in order', () => {
  it('mails the second signer only when the first has signed, and refuses them before', async () => {
    const { id, tokens } = await sendContractWithSigners(t, owner, { order: 'in_order' });
    const [first, notYet] = tokens;
    expect(notYet).toBe('');
    expect((await signerRows(id)).map((signer) => signer.invited_at !== null)).toEqual([
      true,
      false,
    ]);

    // A link made for the second signer out of turn (a copied or forged one) cannot sign.
    const secondId = await t.sql.value<number>(
      'SELECT id FROM contract_signers WHERE contract_id = ? AND position = 2',
      id,
    );
    const early = await createSigningLink(
      t.db,
      id,
      { expiresAt: '2027-01-01T00:00:00.000Z', purpose: 'request', signerId: secondId },
      clock.now(),
    );
    expect((await view(early.token)).waiting_for).toBe('Jordan Rivera');
    const refused = await signerSigns(t, early.token, 'Alex Rivera', 5);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('Waiting for Jordan Rivera to sign first');

    expect((await signerSigns(t, first ?? '', 'Jordan Rivera', 6)).statusCode).toBe(200);
    const turn = await linkMailedTo(t, id, CO_SIGNERS[0].email);
    expect(turn).toHaveLength(43);
    expect((await view(turn)).waiting_for).toBeNull();
    expect((await signerSigns(t, turn, 'Alex Rivera', 7)).statusCode).toBe(200);
    expect((await contractRow(id))?.signers_signed).toBe(2);
  });
});

describe('a decline by one signer', () => {
  it('ends it for all, and tells the contractor and every other signer, those who signed too', async () => {
    const { id, tokens } = await sendContractWithSigners(t, owner, {
      coSigners: CO_SIGNERS,
    });
    const [first, second] = tokens;
    expect((await signerSigns(t, first ?? '', 'Jordan Rivera', 8)).statusCode).toBe(200);
    const declined = await jsonPost(
      t.app,
      `/api/esign/${second}/decline`,
      { reason: 'We want a smaller patio first' },
      { remoteAddress: '198.51.100.9' },
    );
    expect(declined.statusCode, declined.body).toBe(200);
    expect((await contractRow(id))?.status).toBe('declined');
    const told = await queuedMails(t, id, 'signer_declined_notice');
    expect(told.map((mail) => mail.to_address).sort()).toEqual(
      [CO_SIGNERS[1].email, TEST_CLIENT.email].sort(),
    );
    const toFirst = told.find((mail) => mail.to_address === TEST_CLIENT.email);
    expect(toFirst?.subject).toBe(`Alex Rivera declined to sign contract #${id}`);
    expect(toFirst?.text).toContain('We want a smaller patio first');
    expect(toFirst?.text).toContain('You had already signed it.');
    expect(toFirst?.html).toContain('<strong>Alex Rivera</strong>');
    const toThird = told.find((mail) => mail.to_address === CO_SIGNERS[1].email);
    expect(toThird?.text).not.toContain('You had already signed it.');
    const [contractor] = await queuedMails(t, id, 'declined_notice');
    expect(contractor?.text).toContain('Alex Rivera');
    // The third signer's link now says the contract is declined.
    const third = tokens[2] ?? '';
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/esign/${third}` })).json(),
    ).toMatchObject({ status: 'declined' });
  });
});
