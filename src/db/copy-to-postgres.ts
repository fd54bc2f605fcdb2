import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from './kysely.js';
import { migrateToLatest } from './migrate.js';
import type { Database } from './schema.js';

/**
 * Moving up from SQLite to PostgreSQL (issue 18, `npm run db:copy`): every table of an
 * up-to-date SQLite database into an empty PostgreSQL database that the same migrations have
 * shaped, parents before children, in one transaction, so a failure leaves the target empty.
 * Then the identity counters continue after the copied ids, and the copy is checked by row
 * counts and by the hashes of a sample of rows read back from both sides.
 */

/** Every table the app keeps, parents first, with the key that orders and pages it. */
export const COPIED_TABLES: readonly { table: keyof Database; key: string; batch: number }[] = [
  { table: 'companies', key: 'id', batch: 500 },
  { table: 'users', key: 'id', batch: 500 },
  { table: 'team_invites', key: 'id', batch: 500 },
  { table: 'preferences', key: 'company_id', batch: 500 },
  { table: 'sessions', key: 'id', batch: 500 },
  { table: 'rate_limits', key: 'key', batch: 500 },
  { table: 'templates', key: 'id', batch: 200 },
  // Logos and PDFs are large: fewer rows per batch keeps memory flat.
  { table: 'logos', key: 'id', batch: 20 },
  { table: 'acceptances', key: 'id', batch: 500 },
  { table: 'contract_statuses', key: 'status', batch: 500 },
  // A revision is made after its original, so ordering by id copies the original first.
  { table: 'contracts', key: 'id', batch: 100 },
  { table: 'contract_events', key: 'id', batch: 500 },
  { table: 'email_outbox', key: 'id', batch: 200 },
  // Issue 37: a link names its signer, so signers go first. A signature is an image: 100 a batch.
  { table: 'contract_signers', key: 'id', batch: 100 },
  { table: 'signing_links', key: 'id', batch: 500 },
  { table: 'document_jobs', key: 'contract_id', batch: 500 },
  { table: 'documents', key: 'contract_id', batch: 20 },
  { table: 'sealing_keys', key: 'id', batch: 100 },
  { table: 'instance_settings', key: 'name', batch: 100 },
  { table: 'api_keys', key: 'id', batch: 500 },
  { table: 'webhook_endpoints', key: 'id', batch: 500 },
  { table: 'webhook_deliveries', key: 'id', batch: 200 },
  { table: 'account_tokens', key: 'id', batch: 500 },
  { table: 'recovery_codes', key: 'id', batch: 500 },
  { table: 'security_events', key: 'id', batch: 500 },
  // Issue 36: getting paid. A payment names its Checkout Session, so sessions go first.
  { table: 'payment_settings', key: 'company_id', batch: 500 },
  { table: 'checkout_sessions', key: 'id', batch: 500 },
  { table: 'payments', key: 'id', batch: 500 },
  { table: 'payment_requests', key: 'id', batch: 500 },
  // Stripe's event ids are unique across accounts: they page the table alone.
  { table: 'stripe_events', key: 'event_id', batch: 500 },
];

/** Rows the migrations themselves write: already in the target, and identical. */
const SEEDED_BY_MIGRATIONS = new Set<string>(['contract_statuses']);

/** Tables with a generated id, whose counter must continue after the copied rows. */
const IDENTITY_TABLES = COPIED_TABLES.filter(({ key }) => key === 'id')
  .map(({ table }) => table)
  .filter((table) => !['sessions', 'logos', 'api_keys', 'checkout_sessions'].includes(table));

const SAMPLE_SIZE = 200;

export class CopyRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CopyRefusedError';
  }
}

export interface CopyProgress {
  table: string;
  copied: number;
  total: number;
}

export interface CopyReport {
  tables: { table: string; rows: number; sampled: number }[];
}

type Row = Record<string, unknown>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables are chosen at run time
type AnyDb = Kysely<any>;

/** Tables of the SQLite source, other than the migrator's own and SQLite's. */
async function sourceTables(source: DB): Promise<string[]> {
  const rows = await sql<{ name: string }>`SELECT name FROM sqlite_master
    WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%'`.execute(source);
  return rows.rows.map((row) => row.name);
}

/** What makes the target unfit: tables that are not ours, or rows in any of ours. */
async function targetProblems(target: DB): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`SELECT table_name AS name
    FROM information_schema.tables WHERE table_schema = current_schema()`.execute(target);
  const known = new Set<string>(COPIED_TABLES.map(({ table }) => table));
  const problems: string[] = [];
  const foreign = rows.map((row) => row.name).filter((name) => !known.has(name));
  const notOurs = foreign.filter((name) => !name.startsWith('kysely_migration'));
  if (notOurs.length > 0) problems.push(`it has other tables (${notOurs.sort().join(', ')})`);
  for (const { table } of COPIED_TABLES) {
    if (SEEDED_BY_MIGRATIONS.has(table) || !rows.some((row) => row.name === table)) continue;
    const count = await countRows(target, table);
    if (count > 0) problems.push(`${table} has ${count} rows`);
  }
  return problems;
}

async function countRows(db: DB, table: string): Promise<number> {
  const row = await (db as AnyDb)
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function readBatch(db: AnyDb, table: string, key: string, after: unknown, limit: number) {
  let query = db.selectFrom(table).selectAll().orderBy(key).limit(limit);
  if (after !== undefined) query = query.where(key, '>', after);
  return (await query.execute()) as Row[];
}

/**
 * Copies `source` (SQLite, brought up to date first, as a start would) into `target`
 * (PostgreSQL). Refuses a target that holds anything. `onProgress` is called after each batch.
 */
export async function copyToPostgres(
  source: DB,
  target: DB,
  onProgress: (progress: CopyProgress) => void = () => undefined,
): Promise<CopyReport> {
  await migrateToLatest(source);
  const unknown = (await sourceTables(source)).filter(
    (name) => !COPIED_TABLES.some(({ table }) => table === name),
  );
  if (unknown.length > 0) {
    throw new CopyRefusedError(
      `The source has tables this version does not know how to copy: ${unknown.join(', ')}`,
    );
  }
  const problems = await targetProblems(target);
  if (problems.length > 0) {
    throw new CopyRefusedError(
      `The target database is not empty: ${problems.join('; ')}. Copy into a new, empty database (createdb).`,
    );
  }
  await migrateToLatest(target);

  const totals = new Map<string, number>();
  for (const { table } of COPIED_TABLES) totals.set(table, await countRows(source, table));

  await target.transaction().execute(async (trx) => {
    for (const { table, key, batch } of COPIED_TABLES) {
      const total = totals.get(table) ?? 0;
      let copied = 0;
      let after: unknown;
      for (;;) {
        const rows = await readBatch(source as AnyDb, table, key, after, batch);
        if (rows.length === 0) break;
        let insert = (trx as AnyDb).insertInto(table).values(rows);
        if (SEEDED_BY_MIGRATIONS.has(table)) insert = insert.onConflict((oc) => oc.doNothing());
        await insert.execute();
        copied += rows.length;
        after = rows.at(-1)?.[key];
        onProgress({ table, copied, total });
      }
      if (total === 0) onProgress({ table, copied: 0, total: 0 });
    }
    for (const table of IDENTITY_TABLES) {
      // The next generated id follows the largest copied one (or starts at 1 on an empty table).
      await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'),
        coalesce((SELECT max(id) FROM ${sql.table(table)}), 0) + 1, false)`.execute(trx);
    }
  });

  return verifyCopy(source, target, totals);
}

/** Row counts on both sides, and the hashes of up to SAMPLE_SIZE rows spread over each table. */
async function verifyCopy(
  source: DB,
  target: DB,
  totals: Map<string, number>,
): Promise<CopyReport> {
  const report: CopyReport = { tables: [] };
  for (const { table, key } of COPIED_TABLES) {
    const expected = totals.get(table) ?? 0;
    const copied = await countRows(target, table);
    if (copied !== expected) {
      throw new Error(`Copy check failed: ${table} has ${expected} rows here, ${copied} there`);
    }
    const keys = await sampleKeys(source, table, key, expected);
    for (const value of keys) {
      const [mine, theirs] = await Promise.all(
        [source, target].map((db) =>
          (db as AnyDb).selectFrom(table).selectAll().where(key, '=', value).executeTakeFirst(),
        ),
      );
      if (rowHash(mine) !== rowHash(theirs)) {
        throw new Error(`Copy check failed: ${table} row ${String(value)} differs after the copy`);
      }
    }
    report.tables.push({ table, rows: expected, sampled: keys.length });
  }
  return report;
}

/** Keys of rows spread evenly over the table (every row of a small one). */
async function sampleKeys(db: DB, table: string, key: string, total: number): Promise<unknown[]> {
  const step = Math.max(1, Math.floor(total / SAMPLE_SIZE));
  const rows = (await (db as AnyDb).selectFrom(table).select(key).orderBy(key).execute()) as Row[];
  return rows.filter((_, index) => index % step === 0).map((row) => row[key]);
}

/** SHA-256 of a row's columns in name order; bytes and text hash the same on both engines. */
export function rowHash(row: Row | undefined): string {
  if (!row) return 'missing';
  const hash = createHash('sha256');
  for (const name of Object.keys(row).sort()) {
    const value = row[name];
    hash.update(`${name}\0`);
    if (value instanceof Uint8Array) hash.update(Buffer.concat([Buffer.from('b\0'), value]));
    else hash.update(`${JSON.stringify(value ?? null)}\0`);
  }
  return hash.digest('hex');
}
