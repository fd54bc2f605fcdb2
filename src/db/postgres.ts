import { Kysely, PostgresDialect, sql } from 'kysely';
import type pg from 'pg';
import type { Database } from './schema.js';

/** PostgreSQL type ids whose text form is a number the app keeps as a JS number. */
const INT8 = 20;
const NUMERIC = 1700;

/**
 * Columns keep their meaning on both engines (issue 18): bigint (epoch milliseconds, count(*))
 * and numeric (sum of cents) come back as numbers, as SQLite gives them, not as strings. Every
 * such value here is far below 2^53.
 */
function appTypes(types: typeof pg.types): pg.CustomTypesConfig {
  return {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
      if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
      const parse: unknown = types.getTypeParser(oid, format ?? 'text');
      return parse;
    }) as pg.CustomTypesConfig['getTypeParser'],
  };
}

/** `host:port/database` of a connection URL: what logs and errors may say, never the password. */
export function describePostgresUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const database = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || '(default)';
    return `${parsed.hostname}:${parsed.port || '5432'}/${database}`;
  } catch {
    return '(unreadable URL)';
  }
}

export interface PostgresOptions {
  poolSize: number;
  /** An idle pooled connection failed (the server restarted, a network cut): logged, not fatal. */
  onIdleError: (error: Error) => void;
}

export function createPostgresDb(url: string, options: PostgresOptions): Kysely<Database> {
  // pg is loaded with the first query, so an install on SQLite never loads it (docs/perf.md).
  const pool = async () => {
    const { default: pg } = await import('pg');
    const created = new pg.Pool({
      connectionString: url,
      max: options.poolSize,
      types: appTypes(pg.types),
      // A start against a host that never answers must fail within seconds, not hang.
      connectionTimeoutMillis: 10_000,
      idleTimeoutMillis: 30_000,
    });
    created.on('error', options.onIdleError);
    return created;
  };
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** Thrown when the database named by DATABASE_URL cannot be used: one line, no password. */
export class DatabaseUnreachableError extends Error {
  constructor(source: string, target: string, reason: string) {
    super(`${source}: cannot use PostgreSQL at ${target}: ${reason}`);
    this.name = 'DatabaseUnreachableError';
  }
}

/**
 * One round trip, so a wrong host, password or database stops the start with a clear line that
 * names where the URL came from (`source`).
 */
export async function checkPostgres(
  db: Kysely<Database>,
  url: string,
  source = 'DATABASE_URL',
): Promise<void> {
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    const password = safePassword(url);
    let reason = error instanceof Error ? error.message : String(error);
    if (error instanceof AggregateError && error.errors[0] instanceof Error) {
      reason = error.errors[0].message;
    }
    if (password) reason = reason.split(password).join('***');
    throw new DatabaseUnreachableError(
      source,
      describePostgresUrl(url),
      reason.replace(/\s+/g, ' ').trim() || 'no answer',
    );
  }
}

function safePassword(url: string): string {
  try {
    return decodeURIComponent(new URL(url).password);
  } catch {
    return '';
  }
}
