import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractPage } from '../../domain/contract-list.schemas.js';
import type { Contract, ContractSummary } from '../../domain/contracts.schemas.js';
import { clientSigns, contractorReadyToSend, sendContract } from '../../test/contract-flow.js';
import { buildCertificateInput, loadSignedContract } from '../documents/certificate-input.js';
import { queuedMails } from '../../test/follow-up-flow.js';
import { joinedMember } from '../../test/team-flow.js';
import { createTestApp, get, jsonPut, trpcQuery, type TestApp } from '../../test/test-app.js';

/**
 * Who did what in a company (issue 35): a contract records who wrote and who sent it, the
 * contracts screen's "Mine" keeps the caller's own, and the mails about what the client did go to
 * the person who sent it. Runs on both engines.
 */
let t: TestApp;
let owner: string;
let member: string;
let ownersId: number;
let membersId: number;
let membersSent: { id: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  owner = await contractorReadyToSend(t, 'pat@authors.example', 'Authors Landscaping');
  member = await joinedMember(t, owner, { email: 'sam@authors.example', name: 'Sam Diaz' });
  ownersId = await t.sql.value<number>("SELECT id FROM users WHERE email = 'pat@authors.example'");
  membersId = await t.sql.value<number>("SELECT id FROM users WHERE email = 'sam@authors.example'");
  await sendContract(t, owner);
  membersSent = await sendContract(t, member);
});
afterAll(() => t.close());

const cardsOf = async (cookie: string, query = '') =>
  (await get(t.app, `/api/contracts${query}`, { cookie })).json<ContractSummary[]>();

describe('who wrote and sent a contract', () => {
  it('is on the contract and its card, for everyone in the company', async () => {
    const answer = await get(t.app, `/api/contracts/${membersSent.id}`, { cookie: owner });
    expect(answer.statusCode).toBe(200);
    const contract = answer.json<Contract>();
    expect(contract.created_by).toEqual({ id: membersId, name: 'Sam Diaz' });
    expect(contract.sent_by).toEqual({ id: membersId, name: 'Sam Diaz' });
    const card = (await cardsOf(owner)).find((each) => each.id === membersSent.id);
    expect(card?.sent_by).toEqual({ id: membersId, name: 'Sam Diaz' });
  });

  it("is the sender's to hear about: the opening alert and the signed copy go to them", async () => {
    await get(t.app, `/api/esign/${membersSent.token}`);
    const [viewed] = await queuedMails(t, membersSent.id, 'viewed_alert');
    expect(viewed?.to_address).toBe('sam@authors.example');
    expect((await clientSigns(t, membersSent.token)).statusCode).toBe(200);
    const [copy] = await queuedMails(t, membersSent.id, 'signed_copy_contractor');
    expect(copy?.to_address).toBe('sam@authors.example');
  });

  it('is the person the certificate of completion names as signing for the company', async () => {
    const contract = await loadSignedContract(t.db, membersSent.id);
    const certificate = await buildCertificateInput(t.db, contract, {
      contractPagesSha256: 'a'.repeat(64),
      verifyUrl: 'https://example.com/verify',
    });
    expect(certificate.contractorName).toBe('Sam Diaz');
    expect(certificate.contractorEmail).toBe('sam@authors.example');
    expect(certificate.signers[0]).toMatchObject({ role: 'contractor', name: 'Sam Diaz' });
  });
});

describe('a renamed person', () => {
  it('is named anew on the cards at once, though no card changed', async () => {
    const before = (await cardsOf(owner)).find((card) => card.id === membersSent.id);
    expect(before?.sent_by?.name).toBe('Sam Diaz');
    const renamed = await jsonPut(
      t.app,
      '/api/team/me',
      { name: 'Samantha Diaz' },
      { cookie: member, origin: t.origin },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = (await cardsOf(owner)).find((card) => card.id === membersSent.id);
    expect(after?.sent_by).toEqual({ id: membersId, name: 'Samantha Diaz' });
    await jsonPut(
      t.app,
      '/api/team/me',
      { name: 'Sam Diaz' },
      { cookie: member, origin: t.origin },
    );
  });
});

describe('"Mine" and "Everyone"', () => {
  it("keeps the caller's own contracts, on the REST list and the screen's pages and counts", async () => {
    const everyone = await cardsOf(member);
    expect(new Set(everyone.map((card) => card.sent_by?.id))).toEqual(
      new Set([ownersId, membersId]),
    );
    const mine = await cardsOf(member, '?mine=true');
    expect(mine.map((card) => card.id)).toEqual([membersSent.id]);
    const ownersOwn = await cardsOf(owner, '?mine=true');
    expect(ownersOwn.every((card) => card.sent_by?.id === ownersId)).toBe(true);
    expect(ownersOwn).toHaveLength(everyone.length - 1);

    const page = await trpcQuery(
      t.app,
      'contracts.page',
      { section: 'awaiting', mine: true },
      { cookie: owner },
    );
    const items = page.json<{ result: { data: ContractPage } }>().result.data.items;
    expect(items.map((card) => card.sent_by?.id)).toEqual([ownersId]);
    const counts = await trpcQuery(t.app, 'contracts.counts', { mine: true }, { cookie: member });
    expect(counts.json<{ result: { data: unknown } }>().result.data).toMatchObject({
      awaiting: 0,
      completed: 1,
    });
  });

  it('refuses a value that is neither true nor false', async () => {
    const answer = await get(t.app, '/api/contracts?mine=yes', { cookie: owner });
    expect(answer.statusCode).toBe(400);
  });
});
