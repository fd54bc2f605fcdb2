import type { RawSql } from '../../src/test/test-database.js';
import {
  openAppDatabase as openDatabaseOf,
  type AppDatabase,
} from '../../web/e2e/support/app-database.js';
import type { RunningApp } from '../../web/e2e/support/app-server.js';
import { type LoadRecord, recordsOf } from './load-log.js';

export type { AppDatabase };

/**
 * The app's database, on the engine the server runs on. On SQLite, read-only while the server
 * runs (it owns all writes); once it has stopped, open it writable: a read-only connection cannot
 * set up the WAL index a clean close removed.
 */
export function openAppDatabase(
  app: Pick<RunningApp, 'dataDir' | 'databaseUrl'>,
  options = { readonly: true },
): AppDatabase {
  return openDatabaseOf(app, options);
}

/**
 * 'ok', or SQLite's list of what is damaged. SQLite only: PostgreSQL has no such check of a
 * database; its crash safety is the server's own.
 */
export async function integrityCheck(sql: RawSql): Promise<string> {
  const rows = await sql.all<{ integrity_check: string }>('PRAGMA integrity_check');
  return rows.map((row) => row.integrity_check).join('\n');
}

/**
 * Rows whose foreign key points nowhere. SQLite only: PostgreSQL enforces foreign keys on every
 * write, so it cannot hold such rows.
 */
export function foreignKeyViolations(sql: RawSql): Promise<unknown[]> {
  return sql.all('PRAGMA foreign_key_check');
}

interface ContractRow {
  id: number;
  created_by_user_id: number;
  status: string;
  client_email: string | null;
  total_price_cents: number | null;
  my_signed_at: string | null;
  sent_at: string | null;
  client_signed_at: string | null;
}

const AFTER_SENDING = new Set(['sent', 'signed', 'completed']);
const AFTER_CLIENT_SIGNING = new Set(['signed', 'completed']);

/**
 * Every write the load saw answered with a 2xx, looked up in the database: one line per write
 * that is missing or not as answered. Empty when the server kept all its promises.
 */
export async function missingAnsweredWrites(sql: RawSql, records: LoadRecord[]): Promise<string[]> {
  const problems: string[] = [];
  const email = recordsOf(records, 'signup')[0]?.email;
  const owner = email
    ? await sql.get<{ id: number }>('SELECT id FROM users WHERE email = ?', email)
    : undefined;
  if (!owner) return [`the signed-up owner ${email ?? '(none logged)'} is missing`];
  if (recordsOf(records, 'acceptance').length > 0) {
    const accepted = await sql.value<number>(
      "SELECT count(*) AS count FROM acceptances WHERE accepted_by_user_id = ? AND type = 'legal_disclaimer'",
      owner.id,
    );
    if (accepted === 0) problems.push('the answered legal acknowledgment is missing');
  }

  const contract = async (id: number, what: string): Promise<ContractRow | undefined> => {
    const row = await sql.get<ContractRow>(
      `SELECT id, created_by_user_id, status, client_email, total_price_cents, my_signed_at, sent_at,
              client_signed_at FROM contracts WHERE id = ?`,
      id,
    );
    if (!row) problems.push(`contract ${id}: answered ${what}, but the contract is missing`);
    return row;
  };
  const countOf = (query: string, id: number) => sql.value<number>(query, id);

  for (const draft of recordsOf(records, 'draft')) {
    const row = await contract(draft.id, 'draft');
    if (row && (row.created_by_user_id !== owner.id || row.client_email !== draft.clientEmail)) {
      problems.push(`contract ${draft.id}: owner or client differs from the answered draft`);
    }
  }
  const updates = recordsOf(records, 'update');
  for (const update of updates) {
    const row = await contract(update.id, 'update');
    if (row && row.total_price_cents !== update.total) {
      problems.push(
        `contract ${update.id}: total ${row.total_price_cents} instead of the answered ${update.total}`,
      );
    }
  }
  for (const signed of recordsOf(records, 'sign-mine')) {
    const row = await contract(signed.id, "contractor's signature");
    if (row && !row.my_signed_at) problems.push(`contract ${signed.id}: contractor signature lost`);
  }
  for (const sent of recordsOf(records, 'send')) {
    const row = await contract(sent.id, 'send');
    if (!row) continue;
    if (!AFTER_SENDING.has(row.status) || !row.sent_at) {
      problems.push(`contract ${sent.id}: answered send, but status is ${row.status}`);
    }
    if (
      (await countOf(
        'SELECT count(*) AS count FROM signing_links WHERE contract_id = ?',
        sent.id,
      )) === 0
    ) {
      problems.push(`contract ${sent.id}: answered send, but it has no signing link`);
    }
    const queuedMails = await countOf(
      "SELECT count(*) AS count FROM email_outbox WHERE contract_id = ? AND kind = 'signing_request'",
      sent.id,
    );
    if (queuedMails === 0) problems.push(`contract ${sent.id}: answered send, but no mail queued`);
  }
  for (const signed of recordsOf(records, 'client-sign')) {
    const row = await contract(signed.id, "client's signature");
    if (row && (!AFTER_CLIENT_SIGNING.has(row.status) || !row.client_signed_at)) {
      problems.push(
        `contract ${signed.id}: answered client signature, but status is ${row.status}`,
      );
    }
  }
  return problems;
}

export interface BackgroundWork {
  /** document_jobs by status. */
  jobs: Record<string, number>;
  /** email_outbox by status. */
  mails: Record<string, number>;
  /** Contracts the client signed that are not completed yet. */
  signedNotCompleted: number;
}

export async function backgroundWork(sql: RawSql): Promise<BackgroundWork> {
  const byStatus = async (table: 'document_jobs' | 'email_outbox') =>
    Object.fromEntries(
      (
        await sql.all<{ status: string; count: number }>(
          `SELECT status, count(*) AS count FROM ${table} GROUP BY status`,
        )
      ).map((row) => [row.status, row.count]),
    );
  return {
    jobs: await byStatus('document_jobs'),
    mails: await byStatus('email_outbox'),
    signedNotCompleted: await sql.value<number>(
      "SELECT count(*) AS count FROM contracts WHERE status = 'signed'",
    ),
  };
}

/** Rows that must be empty once the workers have caught up: anything failed or still queued. */
export function unfinishedWork(work: BackgroundWork): string[] {
  const left: string[] = [];
  for (const status of ['pending', 'running', 'failed']) {
    if (work.jobs[status]) left.push(`${work.jobs[status]} document job(s) ${status}`);
  }
  for (const status of ['pending', 'sending', 'failed']) {
    if (work.mails[status]) left.push(`${work.mails[status]} mail(s) ${status}`);
  }
  if (work.signedNotCompleted)
    left.push(`${work.signedNotCompleted} signed contract(s) not completed`);
  return left;
}

/** Client-signed contracts (whether or not the load saw the answer) with their client's address. */
export function clientSignedContracts(
  sql: RawSql,
): Promise<{ id: number; client_email: string }[]> {
  return sql.all(
    'SELECT id, client_email FROM contracts WHERE client_signed_at IS NOT NULL ORDER BY id',
  );
}

/** Sent contracts (any status past draft) with their client's address. */
export function sentContracts(sql: RawSql): Promise<{ id: number; client_email: string }[]> {
  return sql.all("SELECT id, client_email FROM contracts WHERE status <> 'draft' ORDER BY id");
}
