import { personByEmail } from '../../test/people.js';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractPage } from '../../domain/contract-list.schemas.js';
import type { Contract, ContractSummary } from '../../domain/contracts.schemas.js';
import { sendableDraft } from '../../test/factories.js';
import {
  createTestApp,
  get,
  jsonPost,
  jsonPut,
  signUp,
  trpcQuery,
  type TestApp,
} from '../../test/test-app.js';
import { SEARCH_FOLD } from '../../../db/migrations/202611281100_contract_search.js';
import { foldForSearch, searchTerms } from './contract-search-text.js';
import { contractSearchQuery } from './contracts.repo.js';

/**
 * Finding a contract (issue 31): GET /api/contracts?q=&status= and the screen's
 * contracts.search, the same answers on SQLite and PostgreSQL (this file runs on both).
 */

let t: TestApp;
let owner: string;
let stranger: string;
let finder: Person;
const idOf: Record<string, number> = {};

interface Client {
  name: string;
  email: string | null;
  address: string | null;
  status: string;
}

/** Oldest first: the answers list them newest first. */
const OWNER_CLIENTS: Client[] = [
  {
    name: 'María José Muñoz',
    email: 'mjm@example.com',
    address: '12 Oak Lane, Springfield',
    status: 'draft',
  },
  { name: 'JOSE LOPEZ', email: 'jose.lopez@example.com', address: '7 Elm Street', status: 'sent' },
  { name: 'Ann_Lee', email: 'ann@example.com', address: '100% Organic Way', status: 'completed' },
  { name: 'Annie Lee', email: 'annie@example.com', address: '100 Organic Way', status: 'signed' },
  // Decomposed: "e" and a combining acute accent, as some keyboards and imports write it.
  { name: 'Zoe\u0301 Park', email: null, address: null, status: 'declined' },
  { name: 'Peter Smith', email: 'p@smith.example', address: null, status: 'expired' },
];

async function insertClients(person: Person, clients: Client[], minute0: number) {
  for (const [index, client] of clients.entries()) {
    const at = new Date(Date.UTC(2026, 10, 1, 9, minute0 + index)).toISOString();
    const { id } = await t.db
      .insertInto('contracts')
      .values({
        company_id: person.company_id,
        created_by_user_id: person.id,
        // Seeded in any status: the app's types let a contract be born only a draft.
        status: client.status as 'draft',
        client_name: client.name,
        client_email: client.email,
        client_address: client.address,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    idOf[client.name] = id;
  }
}

type Person = Awaited<ReturnType<typeof personByEmail>>;
const personOf = (email: string) => personByEmail(t.db, email);

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app, {
    email: 'finder@example.com',
    password: 'secret123',
    company_name: 'Finder Fencing',
  });
  stranger = await signUp(t.app, {
    email: 'other@example.com',
    password: 'secret123',
    company_name: 'Other Co',
  });
  finder = await personOf('finder@example.com');
  await insertClients(finder, OWNER_CLIENTS, 0);
  await insertClients(
    await personOf('other@example.com'),
    [{ name: 'Mario Muñoz', email: 'mario@example.com', address: '12 Oak Lane', status: 'draft' }],
    30,
  );
});
afterAll(() => t.close());

/** The client names GET /api/contracts answers for this query string, newest first. */
async function namesFound(query: string, cookie = owner) {
  const answer = await get(t.app, `/api/contracts?${query}`, { cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<ContractSummary[]>().map((card) => card.client_name);
}
const q = (text: string) => `q=${encodeURIComponent(text)}`;

describe('GET /api/contracts?q=', () => {
  it('finds a client by name, email or address, ignoring case and accents', async () => {
    expect(await namesFound(q('munoz'))).toEqual(['María José Muñoz']);
    expect(await namesFound(q('MUÑOZ'))).toEqual(['María José Muñoz']);
    expect(await namesFound(q('josé'))).toEqual(['JOSE LOPEZ', 'María José Muñoz']);
    expect(await namesFound(q('Jose'))).toEqual(['JOSE LOPEZ', 'María José Muñoz']);
    expect(await namesFound(q('zoé'))).toEqual(['Zoe\u0301 Park']);
    expect(await namesFound(q('zoe\u0301'))).toEqual(['Zoe\u0301 Park']);
    expect(await namesFound(q('p@smith.EXAMPLE'))).toEqual(['Peter Smith']);
    expect(await namesFound(q('oak lane'))).toEqual(['María José Muñoz']);
  });

  it('wants every word, in any field and any order', async () => {
    expect(await namesFound(q('elm lopez'))).toEqual(['JOSE LOPEZ']);
    expect(await namesFound(q('  springfield   mjm '))).toEqual(['María José Muñoz']);
    expect(await namesFound(q('lopez oak'))).toEqual([]);
  });

  it('reads % and _ as the characters typed, not as wildcards', async () => {
    expect(await namesFound(q('%'))).toEqual(['Ann_Lee']);
    expect(await namesFound(q('100%'))).toEqual(['Ann_Lee']);
    expect(await namesFound(q('100'))).toEqual(['Annie Lee', 'Ann_Lee']);
    expect(await namesFound(q('_'))).toEqual(['Ann_Lee']);
    expect(await namesFound(q('n_l'))).toEqual(['Ann_Lee']);
    // As a wildcard, "a_n" would match "ann" in both names.
    expect(await namesFound(q('a_n'))).toEqual([]);
    expect(await namesFound(q('!'))).toEqual([]);
  });

  it('finds a contract by its number', async () => {
    const id = idOf['Peter Smith'] ?? 0;
    expect(await namesFound(q(`#${id}`))).toEqual(['Peter Smith']);
    expect(await namesFound(q(String(id)))).toContain('Peter Smith');
  });

  it('keeps the statuses asked for, one or several', async () => {
    expect(await namesFound(`${q('lee')}&status=completed`)).toEqual(['Ann_Lee']);
    expect(await namesFound(`${q('lee')}&status=signed,completed`)).toEqual([
      'Annie Lee',
      'Ann_Lee',
    ]);
    expect(await namesFound('status=expired')).toEqual(['Peter Smith']);
    expect(await namesFound(`${q('smith')}&status=draft`)).toEqual([]);
  });

  it('lists everything with an empty query and no status', async () => {
    expect(await namesFound('q=&status=')).toHaveLength(OWNER_CLIENTS.length);
    expect(await namesFound(q('   '))).toHaveLength(OWNER_CLIENTS.length);
  });

  it("never finds another account's contracts", async () => {
    expect(await namesFound(q('oak'))).toEqual(['María José Muñoz']);
    expect(await namesFound(q('mjm'), stranger)).toEqual([]);
    expect(await namesFound(q(`#${idOf['Peter Smith'] ?? 0}`), stranger)).toEqual([]);
    expect(await namesFound(q('oak'), stranger)).toEqual(['Mario Muñoz']);
  });

  it('refuses an unknown status and an overlong query, naming the field', async () => {
    for (const [query, message] of [
      ['status=archived', /^status: Use one or more of draft, sent, expired/],
      ['status=signed,nope', /^status: Use one or more of/],
      [q('x'.repeat(101)), /^q: Search for at most 100 characters/],
    ] as const) {
      const answer = await get(t.app, `/api/contracts?${query}`, { cookie: owner });
      expect(answer.statusCode, query).toBe(400);
      expect(answer.body).toMatch(message);
    }
  });

  it('finds a draft under the name it was changed to, and no longer under the old one', async () => {
    const created = await jsonPost(
      t.app,
      '/api/contracts',
      sendableDraft({ name: 'Old Name', email: 'old@example.com' }),
      { cookie: owner },
    );
    const { id } = created.json<Contract>();
    expect(await namesFound(q('old name'))).toEqual(['Old Name']);
    const changed = await jsonPut(
      t.app,
      `/api/contracts/${id}`,
      sendableDraft({ name: 'Renée Fleming', email: 'renee@example.com' }),
      { cookie: owner },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await namesFound(q('renee'))).toEqual(['Renée Fleming']);
    expect(await namesFound(q('old name'))).toEqual([]);
  });
});

describe('contracts.search and contracts.list (tRPC)', () => {
  const search = async (input: unknown) => {
    const answer = await trpcQuery(t.app, 'contracts.search', input, { cookie: owner });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ result: { data: ContractPage } }>().result.data;
  };

  it('pages through the matches newest first', async () => {
    const first = await search({ q: 'lee', limit: 1 });
    expect(first.items.map((card) => card.client_name)).toEqual(['Annie Lee']);
    expect(first.nextCursor).not.toBeNull();
    const second = await search({ q: 'lee', limit: 1, cursor: first.nextCursor });
    expect(second.items.map((card) => card.client_name)).toEqual(['Ann_Lee']);
    expect(second.nextCursor).toBeNull();
  });

  it('answers the list as GET /api/contracts does', async () => {
    const answer = await trpcQuery(
      t.app,
      'contracts.list',
      { q: 'jose', status: 'sent' },
      { cookie: owner },
    );
    const cards = answer.json<{ result: { data: ContractSummary[] } }>().result.data;
    expect(cards.map((card) => card.client_name)).toEqual(['JOSE LOPEZ']);
    expect(await namesFound(`${q('jose')}&status=sent`)).toEqual(['JOSE LOPEZ']);
  });

  it('needs a signed-in user', async () => {
    expect((await trpcQuery(t.app, 'contracts.search', { q: 'lee' })).statusCode).toBe(401);
    expect((await get(t.app, '/api/contracts?q=lee')).statusCode).toBe(401);
  });
});

describe('the folded search text', () => {
  it('is what the query side folds, character for character, on this engine', async () => {
    // Every character the fold knows, and some it leaves alone on both engines.
    const name = `${SEARCH_FOLD.map(([from]) => from).join('')} Ωж ß ABC`;
    await insertClients(
      finder,
      [{ name, email: 'X@Y.example', address: 'Ñ', status: 'draft' }],
      50,
    );
    const stored = await t.sql.value<string>(
      'SELECT search_text FROM contracts WHERE id = ?',
      idOf[name],
    );
    expect(stored).toBe(foldForSearch(`${name} X@Y.example Ñ`));
    expect(stored).toContain(' Ωж ß abc x@y.example n');
  });

  it('splits a query into escaped words, numbers kept as possible contract numbers', () => {
    expect(searchTerms(' 100%  a_b!  #12 ')).toEqual([
      { pattern: '%100!%%', contractId: null },
      { pattern: '%a!_b!!%', contractId: null },
      { pattern: '%#12%', contractId: 12 },
    ]);
    expect(searchTerms('   ')).toEqual([]);
  });
});

describe('the query plan of a search', () => {
  /** The plan of the search the API runs, with the engine's own EXPLAIN. */
  async function planOf(search: Parameters<typeof contractSearchQuery>[2]) {
    const compiled = contractSearchQuery(
      t.db,
      { companyId: finder.company_id, onlyOf: null, paymentDue: false },
      search,
      null,
    )
      .limit(101)
      .compile();
    const explain = t.engine === 'postgres' ? 'EXPLAIN' : 'EXPLAIN QUERY PLAN';
    const result = await t.db.executeQuery<Record<string, string>>(
      CompiledQuery.raw(`${explain} ${compiled.sql}`, [...compiled.parameters]),
    );
    return result.rows.map((row) => Object.values(row).at(-1)).join('\n');
  }

  beforeAll(async () => {
    // Enough contracts of other accounts that reading them all would be the planner's worst
    // choice on PostgreSQL too, which picks its plan from table statistics.
    const filler = await signUp(t.app, {
      email: 'filler@example.com',
      password: 'secret123',
      company_name: 'Filler Co',
    });
    expect(filler).toBeTruthy();
    const fillerPerson = await personOf('filler@example.com');
    const at = '2026-01-01T00:00:00.000Z';
    const rows = Array.from({ length: 4_000 }, (_, index) => ({
      company_id: fillerPerson.company_id,
      created_by_user_id: fillerPerson.id,
      status: 'draft' as const,
      client_name: `Filler ${index}`,
      created_at: at,
      updated_at: at,
    }));
    for (let start = 0; start < rows.length; start += 500) {
      await t.db
        .insertInto('contracts')
        .values(rows.slice(start, start + 500))
        .execute();
    }
    // PostgreSQL's autovacuum keeps statistics; the app never runs ANALYZE on SQLite.
    if (t.engine === 'postgres') await t.sql.run('ANALYZE contracts');
  });

  it("reads one owner's range of a list index, never the whole table", async () => {
    const words = { terms: searchTerms('smith 12'), statuses: null };
    const oneStatus = { terms: searchTerms('lee'), statuses: ['completed' as const] };
    const twoStatuses = { terms: searchTerms('lee'), statuses: ['signed', 'completed'] as const };
    for (const search of [words, oneStatus, twoStatuses]) {
      const plan = await planOf(search);
      if (t.engine === 'postgres') {
        expect(plan).toMatch(
          /Index (Only )?Scan (Backward )?using contracts_company_\w+ on contracts/,
        );
        expect(plan).not.toMatch(/Seq Scan/);
      } else {
        expect(plan).toMatch(
          /USING COVERING INDEX contracts_company_(list|status_created) \(company_id=\?( AND status=\?)?\)/,
        );
        expect(plan).not.toMatch(/SCAN contracts|USE TEMP B-TREE/);
      }
    }
  });
});
