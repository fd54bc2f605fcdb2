import { companyIdOf, type CompanyId } from '../../domain/team.js';
import { personByEmail } from '../../test/people.js';
import { contractCardsText, nextDeadlineOfCompany } from './contracts.repo.js';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractCounts, ContractPage } from '../../domain/contract-list.schemas.js';
import { sendableDraft } from '../../test/factories.js';
import {
  createTestApp,
  get,
  jsonPost,
  signUp,
  trpcQuery,
  type TestApp,
} from '../../test/test-app.js';
import { testEngine } from '../../test/test-database.js';

let t: TestApp;
let owner: string;
let ownerId: number;
let companyId: CompanyId;
let stranger: string;

/**
 * Inserts contracts straight into the table: hundreds of drafts through the API would be slow.
 * Returns their ids in the order of `rows`.
 */
async function insertContracts(
  person: { id: number; company_id: CompanyId },
  rows: { status: string; created_at: string }[],
) {
  const values = rows.map((row, index) => ({
    company_id: person.company_id,
    created_by_user_id: person.id,
    // The app's types let a contract be born only a draft; these rows are seeded in any status.
    status: row.status as 'draft',
    client_name: `Client ${index}`,
    total_price_cents: 10_000 + index,
    created_at: row.created_at,
    updated_at: row.created_at,
  }));
  const idOf = new Map<string | null, number>();
  await t.db.transaction().execute(async (trx) => {
    for (let start = 0; start < values.length; start += 500) {
      const inserted = await trx
        .insertInto('contracts')
        .values(values.slice(start, start + 500))
        .returning(['id', 'client_name'])
        .execute();
      // RETURNING's row order is not promised: match each id to its row by the unique name.
      for (const row of inserted) idOf.set(row.client_name, row.id);
    }
  });
  return values.map((value) => {
    const id = idOf.get(value.client_name);
    if (id === undefined) throw new Error(`no id returned for ${value.client_name}`);
    return id;
  });
}

/** Every page of a section, following nextCursor, as the contracts screen's "Show more" does. */
async function readWholeSection(section: string, limit: number, cookie = owner) {
  const pages: ContractPage[] = [];
  let cursor: ContractPage['nextCursor'] = null;
  do {
    const answer = await trpcQuery(t.app, 'contracts.page', { section, limit, cursor }, { cookie });
    expect(answer.statusCode, answer.body).toBe(200);
    const page = answer.json<{ result: { data: ContractPage } }>().result.data;
    pages.push(page);
    cursor = page.nextCursor;
    expect(pages.length).toBeLessThan(100);
  } while (cursor);
  return pages;
}

const statusCycle = ['draft', 'sent', 'signed', 'completed', 'draft'];
let expectedIds: Record<'drafts' | 'awaiting' | 'completed', number[]>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app, {
    email: 'many@example.com',
    password: 'secret123',
    company_name: 'Many Co',
  });
  stranger = await signUp(t.app, {
    email: 'stranger@example.com',
    password: 'secret123',
    company_name: 'Stranger Co',
  });
  ownerId = await t.sql.value<number>('SELECT id FROM users WHERE email = ?', 'many@example.com');
  companyId = companyIdOf(
    await t.sql.value<number>('SELECT company_id FROM users WHERE id = ?', ownerId),
  );
  const strangerPerson = await personByEmail(t.db, 'stranger@example.com');
  // 500 contracts; every 3 share one creation time, so the id must break ties on page edges.
  const rows = Array.from({ length: 500 }, (_, index) => ({
    status: statusCycle[index % statusCycle.length] as string,
    created_at: new Date(Date.UTC(2026, 0, 1) + Math.floor(index / 3) * 60_000).toISOString(),
  }));
  const ids = await insertContracts({ id: ownerId, company_id: companyId }, rows);
  await insertContracts(strangerPerson, rows.slice(0, 50));
  const newestFirst = (statuses: string[]) =>
    ids
      .map((id, index) => ({ id, row: rows[index] as { status: string; created_at: string } }))
      .filter(({ row }) => statuses.includes(row.status))
      .sort((a, b) => b.row.created_at.localeCompare(a.row.created_at) || b.id - a.id)
      .map(({ id }) => id);
  expectedIds = {
    drafts: newestFirst(['draft']),
    awaiting: newestFirst(['sent']),
    completed: newestFirst(['signed', 'completed']),
  };
});
afterAll(async () => {
  await t.close();
});

describe('the contracts screen, one section and one page at a time', () => {
  it('pages through every section exactly once, newest first, across shared timestamps', async () => {
    for (const section of ['drafts', 'awaiting', 'completed'] as const) {
      const pages = await readWholeSection(section, 7);
      const ids = pages.flatMap((page) => page.items.map((item) => item.id));
      expect(ids).toEqual(expectedIds[section]);
      expect(pages.at(-1)?.nextCursor).toBeNull();
    }
  });

  it('answers a first page of 100 cards by default with the card fields', async () => {
    const answer = await trpcQuery(
      t.app,
      'contracts.page',
      { section: 'drafts' },
      { cookie: owner },
    );
    const page = answer.json<{ result: { data: ContractPage } }>().result.data;
    expect(page.items).toHaveLength(100);
    expect(page.nextCursor).not.toBeNull();
    expect(Object.keys(page.items[0] ?? {}).sort()).toEqual(
      [
        'client_name',
        'created_at',
        'email_failed',
        'id',
        'sent_at',
        'status',
        'total_price_cents',
        'updated_at',
        'expires_at',
        'last_reminder_at',
        'original_id',
        'revision_number',
        'closed_at',
        'created_by',
        'sent_by',
        'views',
        'paid_cents',
        'payment_due_at',
        'signers',
      ].sort(),
    );
  });

  it('counts each section for its heading', async () => {
    const answer = await trpcQuery(t.app, 'contracts.counts', undefined, { cookie: owner });
    expect(answer.json<{ result: { data: ContractCounts } }>().result.data).toEqual({
      drafts: expectedIds.drafts.length,
      awaiting: expectedIds.awaiting.length,
      completed: expectedIds.completed.length,
      closed: 0,
    });
    expect(expectedIds.drafts.length).toBe(200);
  });

  it("never shows another account's contracts", async () => {
    const pages = await readWholeSection('drafts', 200, stranger);
    const ids = pages.flatMap((page) => page.items.map((item) => item.id));
    expect(ids).toHaveLength(20);
    expect(ids.some((id) => expectedIds.drafts.includes(id))).toBe(false);
  });

  it('refuses a page size outside 1 to 200 and an unknown section', async () => {
    for (const input of [
      { section: 'drafts', limit: 0 },
      { section: 'drafts', limit: 201 },
      { section: 'archived' },
      { section: 'drafts', cursor: { created_at: 'x', id: -1 } },
    ]) {
      const answer = await trpcQuery(t.app, 'contracts.page', input, { cookie: owner });
      expect(answer.statusCode, JSON.stringify(input)).toBe(400);
    }
  });

  it('needs a signed-in user', async () => {
    const answer = await trpcQuery(t.app, 'contracts.page', { section: 'drafts' });
    expect(answer.statusCode).toBe(401);
  });

  // SQLite's EXPLAIN QUERY PLAN only: PostgreSQL's planner answers in another form (no COVERING
  // INDEX lines) and picks its plan from table statistics, so these exact plans are not checked
  // there. Decided at collection time, before beforeAll makes `t`.
  it.skipIf(testEngine() === 'postgres')(
    'reads cards and counts from indexes alone, never by scanning the table',
    async () => {
      const plan = async (sql: string, ...params: unknown[]) =>
        (await t.sql.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, ...params))
          .map((row) => row.detail)
          .join('\n');
      const card = `id, status, created_at, updated_at, sent_at, total_price_cents, client_name,
      expires_at, last_reminder_at, original_id, revision_number, closed_at, view_count,
      last_viewed_at`;
      const keyset = `AND (created_at, id) < (?, ?)
       ORDER BY created_at DESC, id DESC LIMIT 101`;
      const cursor = ['2026-01-02', 10];
      const drafts = await plan(
        `SELECT ${card} FROM contracts WHERE company_id = ? AND status IN ('draft') ${keyset}`,
        companyId,
        ...cursor,
      );
      // A range seek from the cursor: a late page costs what the first one does.
      expect(drafts).toMatch(
        /COVERING INDEX contracts_company_status_created \(company_id=\? AND status=\? AND \(?created_at/,
      );
      // Two statuses: SQLite walks this owner's list newest first from the cursor instead.
      const completed = await plan(
        `SELECT ${card} FROM contracts WHERE company_id = ? AND status IN ('signed', 'completed') ${keyset}`,
        companyId,
        ...cursor,
      );
      expect(completed).toMatch(
        /COVERING INDEX contracts_company_\w+ \(company_id=\? AND \(?created_at/,
      );
      for (const query of [drafts, completed]) {
        expect(query).not.toMatch(/SCAN contracts|USE TEMP B-TREE/);
      }
      // The whole list as one JSON text: this owner's range of an index, sorted for the
      // aggregate's own ORDER BY (the order SQLite promises for json_group_array).
      const text = contractCardsText.compiledWith(t.db, { companyId });
      const whole = await plan(text.sql, ...text.parameters);
      expect(whole).toMatch(/COVERING INDEX contracts_company_\w+ \(company_id=\?\)/);
      expect(whole).not.toMatch(/SCAN contracts/);
      const counts = await plan(
        'SELECT status, count(*) FROM contracts WHERE company_id = ? GROUP BY status',
        companyId,
      );
      // Any index that starts with the owner and holds the status will do (the smallest wins).
      expect(counts).toMatch(/USING COVERING INDEX contracts_\w+ \(company_id=\?\)/);
      // The earliest deadline read with each list: a seek into this owner's, not everyone's.
      const deadline = nextDeadlineOfCompany.compiledWith(t.db, { companyId });
      expect(await plan(deadline.sql, ...deadline.parameters)).toContain(
        'COVERING INDEX contracts_company_deadline (company_id=? AND status=?)',
      );
    },
  );
});

const decoders: Record<string, (bytes: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
  deflate: inflateSync,
  identity: (bytes) => bytes,
};
const raise = (message: string): never => {
  throw new Error(message);
};

describe('GET /api/contracts, the whole list', () => {
  const listWith = (acceptEncoding?: string, cookie = owner) =>
    get(t.app, '/api/contracts', {
      cookie,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });
  const cardsIn = (answer: Awaited<ReturnType<typeof listWith>>) => {
    const encoding = String(answer.headers['content-encoding'] ?? 'identity');
    const decode = decoders[encoding] ?? raise(`unexpected Content-Encoding ${encoding}`);
    const body = decode(answer.rawPayload);
    return JSON.parse(body.toString('utf8')) as { id: number; client_name: string | null }[];
  };

  it('sends the same cards compressed as the browser asks, and plain when it does not', async () => {
    const plain = await listWith();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const cards = cardsIn(plain);
    expect(cards).toHaveLength(500);

    for (const [asked, sent] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['deflate', 'deflate'],
      ['identity', undefined],
    ] as const) {
      const answer = await listWith(asked);
      expect(answer.headers['content-encoding'], asked).toBe(sent);
      expect(answer.headers.vary).toContain('accept-encoding');
      expect(cardsIn(answer)).toEqual(cards);
    }
    expect((await listWith('br')).rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
  });

  it('shows a new contract in the very next list, compressed or not', async () => {
    const before = cardsIn(await listWith('br'));
    const created = await jsonPost(
      t.app,
      '/api/contracts',
      sendableDraft({ name: 'Fresh Client', email: 'fresh@example.com' }),
      { cookie: owner },
    );
    expect(created.statusCode).toBe(201);
    for (const encoding of ['br', 'gzip', undefined]) {
      const after = cardsIn(await listWith(encoding));
      expect(after).toHaveLength(before.length + 1);
      expect(after[0]?.client_name).toBe('Fresh Client');
    }
    // Another account's list is its own, even though both are cached.
    expect(cardsIn(await listWith('br', stranger))).toHaveLength(50);
  });
});
