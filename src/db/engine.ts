import {
  PostgresAdapter,
  type ColumnDataType,
  type ColumnDefinitionBuilder,
  type Kysely,
} from 'kysely';

/**
 * The two engines one set of migrations and queries serves (docs/decisions/023): SQLite in one
 * process by default, PostgreSQL when DATABASE_URL is set. Code asks which one it runs on only
 * where the SQL must differ; everything else is the same Kysely query on both.
 */
export type Engine = 'sqlite' | 'postgres';

/** Migrations hold a Kysely<unknown>, the app a Kysely<Database>: these helpers take either. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyKysely = Kysely<any>;

export function engineOf(db: AnyKysely): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

type ColumnBuilder = (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

/**
 * A generated integer primary key. SQLite's AUTOINCREMENT never reuses an id; PostgreSQL's
 * identity column is the standard equivalent, BY DEFAULT so that `npm run db:copy` can bring the
 * ids of an existing database across unchanged.
 */
export function generatedId(db: AnyKysely): ColumnBuilder {
  return engineOf(db) === 'postgres'
    ? (col) => col.primaryKey().generatedByDefaultAsIdentity()
    : (col) => col.primaryKey().autoIncrement();
}

/** Raw bytes: SQLite's BLOB, PostgreSQL's bytea; both come back as a Buffer. */
export function bytesType(db: AnyKysely): ColumnDataType {
  return engineOf(db) === 'postgres' ? 'bytea' : 'blob';
}

/**
 * Epoch milliseconds. SQLite's INTEGER is 64-bit already; PostgreSQL's integer is 32-bit, so it
 * takes bigint there (read back as a JS number, see src/db/postgres.ts).
 */
export function millisecondsType(db: AnyKysely): ColumnDataType {
  return engineOf(db) === 'postgres' ? 'bigint' : 'integer';
}
