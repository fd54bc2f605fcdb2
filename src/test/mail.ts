import { insertPerson } from './people.js';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DB } from '../db/kysely.js';
import { migrateToLatest } from '../db/migrate.js';
import { insertContractRow } from '../features/contracts/contracts.repo.js';
import { createMailSealer } from '../features/mail/body-seal.js';
import type { MailLog } from '../features/mail/transport.js';
import { transition } from '../features/contracts/contract-transition.js';
import { createTestDatabase } from './test-database.js';

/** One key for the mail tests' queued bodies (docs/decisions/017). */
export const testMailSealer = createMailSealer(randomBytes(32));

/** A migrated SQLite file of its own in a temp dir (tests only: real database, no mocks). */
export async function createMailTestDb(): Promise<{
  db: DB;
  dir: string;
  close: () => Promise<void>;
}> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradesign-mail-'));
  const database = await createTestDatabase(dir);
  await migrateToLatest(database.db);
  return {
    db: database.db,
    dir,
    close: async () => {
      await database.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A user and one sent contract of theirs; returns the contract id. */
export async function insertTestContract(db: DB, email = 'builder@example.com'): Promise<number> {
  const now = new Date().toISOString();
  const existing = await db
    .selectFrom('users')
    .select(['id', 'company_id'])
    .where('email', '=', email)
    .executeTakeFirst();
  const user = existing ?? (await insertPerson(db, { email, created_at: now }));
  const contractId = await insertContractRow(db, {
    company_id: user.company_id,
    created_by_user_id: user.id,
    status: 'draft',
    client_name: 'Jane Client',
    client_email: 'jane@example.com',
    created_at: now,
    updated_at: now,
  });
  await transition(db, {
    contractId,
    from: ['draft'],
    to: 'sent',
    event: { type: 'sent', at: now },
  });
  return contractId;
}

export interface CapturedLog extends MailLog {
  lines: { level: 'info' | 'warn'; obj: object; msg: string }[];
}

/** A logger that keeps its lines, to assert on what was (and was not) logged. */
export function captureLog(): CapturedLog {
  const lines: CapturedLog['lines'] = [];
  return {
    lines,
    info: (obj, msg = '') => void lines.push({ level: 'info', obj, msg }),
    warn: (obj, msg = '') => void lines.push({ level: 'warn', obj, msg }),
  };
}
