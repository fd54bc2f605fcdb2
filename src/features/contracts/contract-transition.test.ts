import { listContractEvents } from '../audit-trail/contract-events.repo.js';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_STATUSES, CONTRACT_TRANSITIONS } from '../../domain/contract-lifecycle.js';
import { companyIdOf, type CompanyId } from '../../domain/team.js';
import { personByEmail } from '../../test/people.js';
import { createTestApp, signUp, type TestApp } from '../../test/test-app.js';
import { ForbiddenTransitionError, transition } from './contract-transition.js';
import { insertContractRow } from './contracts.repo.js';

const srcRoot = path.resolve(import.meta.dirname, '../..');

let t: TestApp;
let owner: { id: number; company_id: CompanyId };
beforeAll(async () => {
  t = await createTestApp();
  await signUp(t.app, {
    email: 'life@example.com',
    password: 'secret123',
    company_name: 'Life Co',
  });
  owner = await personByEmail(t.db, 'life@example.com');
});
afterAll(() => t.close());

async function draft(): Promise<number> {
  const now = new Date().toISOString();
  return insertContractRow(t.db, {
    company_id: owner.company_id,
    created_by_user_id: owner.id,
    status: 'draft',
    created_at: now,
    updated_at: now,
  });
}

const statusOf = async (id: number) =>
  await t.db
    .selectFrom('contracts')
    .select(['status', 'updated_at', 'sent_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('transition()', () => {
  it('moves the status, sets the columns given, and records the event', async () => {
    const id = await draft();
    const at = '2026-11-24T12:00:00.000Z';
    const moved = await transition(t.db, {
      contractId: id,
      companyId: owner.company_id,
      from: ['draft'],
      to: 'sent',
      set: { sent_at: at },
      event: { type: 'sent', at, actor: 'life@example.com', details: { to: 'x@example.com' } },
    });
    expect(moved).toBe(true);
    expect(await statusOf(id)).toEqual({ status: 'sent', updated_at: at, sent_at: at });
    const events = await listContractEvents(t.db, id);
    expect(events.map((event) => [event.type, event.at, event.actor])).toEqual([
      ['sent', at, 'life@example.com'],
    ]);
  });

  it('reports a lost race, for another company, or a column no longer null, and records nothing', async () => {
    const id = await draft();
    const at = new Date().toISOString();
    const send = (companyId: CompanyId) =>
      transition(t.db, {
        contractId: id,
        companyId,
        from: ['draft'],
        to: 'sent',
        event: { type: 'sent', at },
      });
    expect(await send(companyIdOf(owner.company_id + 1000))).toBe(false);
    const racing = await Promise.all([send(owner.company_id), send(owner.company_id)]);
    expect(racing.sort()).toEqual([false, true]);
    expect((await listContractEvents(t.db, id)).map((event) => event.type)).toEqual(['sent']);

    await t.db
      .updateTable('contracts')
      .set({ client_signed_at: at })
      .where('id', '=', id)
      .execute();
    const signed = await transition(t.db, {
      contractId: id,
      from: ['sent'],
      to: 'signed',
      stillNull: ['client_signed_at'],
      event: { type: 'signed_by_client', at },
    });
    expect(signed).toBe(false);
    expect((await statusOf(id)).status).toBe('sent');
  });

  it('refuses a move the lifecycle table does not allow', async () => {
    const id = await draft();
    await expect(
      transition(t.db, {
        contractId: id,
        from: ['draft'],
        to: 'completed',
        event: { type: 'completed', at: new Date().toISOString() },
      }),
    ).rejects.toThrow(ForbiddenTransitionError);
    expect((await statusOf(id)).status).toBe('draft');
  });
});

describe('the lifecycle and the database agree', () => {
  it('has the contract_statuses table hold exactly the domain’s statuses', async () => {
    const rows = await t.db.selectFrom('contract_statuses').select('status').execute();
    expect(rows.map((row) => row.status).sort()).toEqual([...CONTRACT_STATUSES].sort());
  });

  it('refuses a status the table does not hold', async () => {
    const id = await draft();
    // SQLite says "FOREIGN KEY constraint failed", PostgreSQL "violates foreign key constraint".
    await expect(
      t.sql.run("UPDATE contracts SET status = 'archived' WHERE id = ?", id),
    ).rejects.toThrow(/FOREIGN KEY|foreign key/);
    expect((await statusOf(id)).status).toBe('draft');
  });
});

/**
 * No file but contract-transition.ts writes a status (issue 16): an update of `contracts` that
 * sets `status`, in Kysely or in SQL, anywhere in the server's source. The schema's type already
 * refuses `.set({ status })`; this also catches a cast or a raw statement.
 */
describe('who writes contracts.status', () => {
  function sourceFiles(dir: string): string[] {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
      return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
    });
  }

  /** Each `updateTable('contracts')` up to the end of its statement, and each raw UPDATE. */
  function statusWrites(source: string): string[] {
    const found: string[] = [];
    for (const match of source.matchAll(
      /updateTable\(\s*['"]contracts['"]\s*\)([\s\S]*?)\.execute/g,
    )) {
      if (/\bstatus\b/.test(match[1]?.replace(/\.where\([^)]*\)/g, '') ?? '')) found.push(match[0]);
    }
    for (const match of source.matchAll(/UPDATE\s+contracts\s+SET[^;`'"]*\bstatus\b/gi)) {
      found.push(match[0]);
    }
    return found;
  }

  it('finds the writes it looks for, so an empty answer means something', () => {
    expect(
      statusWrites(
        "db.updateTable('contracts').set({ status: 'sent' }).where('id', '=', 1).execute()",
      ),
    ).toHaveLength(1);
    expect(
      statusWrites(
        "trx.updateTable('contracts').set({ sent_at: x } as never).set('status' as never, y).execute()",
      ),
    ).toHaveLength(1);
    expect(statusWrites("sql`UPDATE contracts SET status = 'voided'`")).toHaveLength(1);
    expect(
      statusWrites(
        "db.updateTable('contracts').set({ signed_html: x }).where('status', '=', 'draft').execute()",
      ),
    ).toEqual([]);
  });

  it('finds none outside contract-transition.ts', () => {
    const writers = sourceFiles(srcRoot)
      .filter((file) => !file.endsWith(path.join('contracts', 'contract-transition.ts')))
      .flatMap((file) =>
        statusWrites(fs.readFileSync(file, 'utf8')).map(() => path.relative(srcRoot, file)),
      );
    expect(writers).toEqual([]);
    // And the transition module does write it, through the scanner's eyes.
    const transitionSource = fs.readFileSync(
      path.join(srcRoot, 'features/contracts/contract-transition.ts'),
      'utf8',
    );
    expect(statusWrites(transitionSource)).toHaveLength(1);
  });
});

describe('docs/architecture.md', () => {
  it('draws the lifecycle table’s moves, no more and no fewer', () => {
    const doc = fs.readFileSync(path.resolve(srcRoot, '../docs/architecture.md'), 'utf8');
    const block = /```mermaid\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
    const drawn = [...block.matchAll(/^\s*(\w+) --> (\w+)\s*$/gm)].map(
      ([, from, to]) => `${from} -> ${to}`,
    );
    const table = Object.entries(CONTRACT_TRANSITIONS).flatMap(([from, tos]) =>
      (tos as readonly string[]).map((to) => `${from} -> ${to}`),
    );
    expect(drawn.sort()).toEqual(table.sort());
  });
});
