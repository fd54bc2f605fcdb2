import type { CompanyId } from '../../domain/team.js';
import { personByEmail } from '../../test/people.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractSummarySchema, type ContractSummary } from '../../domain/contracts.schemas.js';
import { contractorReadyToSend, sendContract } from '../../test/contract-flow.js';
import { sendableDraft } from '../../test/factories.js';
import { createTestApp, get, jsonPost, trpcQuery, type TestApp } from '../../test/test-app.js';
import { listContracts, wholeCompany } from './contract-list.service.js';

/**
 * The contracts list right after a write (issue 33): read again every time, from the
 * database's JSON text of the cards; the same cards give the very same array (so its bytes are
 * sent again), and any change of a card or of its failed mail gives new cards.
 */
let t: TestApp;
let cookie: string;
let companyId: CompanyId;
let sentId: number;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await contractorReadyToSend(t, 'after-write@example.com');
  companyId = (await personByEmail(t.db, 'after-write@example.com')).company_id;
  for (let index = 0; index < 3; index += 1) {
    const draft = sendableDraft({ name: `Draft Client ${index}`, email: `d${index}@example.com` });
    await jsonPost(t.app, '/api/contracts', draft, { cookie, origin: t.origin });
  }
  sentId = (await sendContract(t, cookie)).id;
});
afterAll(async () => {
  await t.close();
});

/** A write that touches no card: another account signing up. */
let strangers = 0;
async function unrelatedWrite() {
  strangers += 1;
  await jsonPost(t.app, '/api/auth/signup', {
    email: `stranger${strangers}@example.com`,
    password: 'secret123',
    company_name: 'Stranger Co',
  });
}

describe('the contracts list after a write', () => {
  it('answers the very same cards after a write that changed none of them', async () => {
    const before = await listContracts(t.db, wholeCompany(companyId), new Date());
    await unrelatedWrite();
    const after = await listContracts(t.db, wholeCompany(companyId), new Date());
    expect(after).toBe(before);
  });

  it('shows a changed card at once', async () => {
    const before = await listContracts(t.db, wholeCompany(companyId), new Date());
    await t.sql.run("UPDATE contracts SET client_name = 'Renamed Client' WHERE id = ?", sentId);
    const after = await listContracts(t.db, wholeCompany(companyId), new Date());
    expect(after).not.toBe(before);
    expect(after.find((card) => card.id === sentId)?.client_name).toBe('Renamed Client');
  });

  it('shows a mail that failed, though no card changed', async () => {
    await listContracts(t.db, wholeCompany(companyId), new Date());
    await t.sql.run(
      "UPDATE email_outbox SET status = 'failed' WHERE contract_id = ? AND kind = 'signing_request'",
      sentId,
    );
    const cards = await listContracts(t.db, wholeCompany(companyId), new Date());
    expect(cards.find((card) => card.id === sentId)?.email_failed).toBe(true);
    expect(cards.filter((card) => card.email_failed)).toHaveLength(1);
  });

  it('answers every field of a card and nothing else, as the page of its section does', async () => {
    const answer = await get(t.app, '/api/contracts', { cookie });
    expect(answer.statusCode).toBe(200);
    const cards = answer.json<ContractSummary[]>();
    expect(cards).toHaveLength(4);
    for (const card of cards) {
      expect(Object.keys(card)).toEqual(Object.keys(contractSummarySchema.shape));
      expect(contractSummarySchema.strict().safeParse(card).success).toBe(true);
    }
    // The cards made from the database's text are the cards the section pages make from rows.
    const drafts = await trpcQuery(t.app, 'contracts.page', { section: 'drafts' }, { cookie });
    const awaiting = await trpcQuery(t.app, 'contracts.page', { section: 'awaiting' }, { cookie });
    const pageCards = [drafts, awaiting].flatMap(
      (page) => page.json<{ result: { data: { items: ContractSummary[] } } }>().result.data.items,
    );
    const byId = (a: ContractSummary, b: ContractSummary) => a.id - b.id;
    expect([...cards].sort(byId)).toEqual([...pageCards].sort(byId));
    // Newest first.
    expect(cards.map((card) => card.id)).toEqual(
      cards.map((card) => card.id).sort((a, b) => b - a),
    );
  });
});
