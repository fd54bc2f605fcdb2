import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '../../db/kysely.js';
import { createMailTestDb, insertTestContract, testMailSealer } from '../../test/mail.js';
import { enqueueMail } from './outbox.js';
import { CompiledQuery } from 'kysely';
import { failedMailContracts, listFailedMailContractIds } from './outbox.repo.js';
import { transition } from '../contracts/contract-transition.js';
import { testEngine } from '../../test/test-database.js';

let db: DB;
let close: () => Promise<void>;

beforeEach(async () => {
  ({ db, close } = await createMailTestDb());
});
afterEach(async () => {
  await close();
});

const mail = {
  kind: 'signing_request',
  to: 'jane@example.com',
  subject: 'Acme sent you a contract to sign',
  html: '<p>Hello</p>',
  text: 'Hello',
};

describe('enqueueMail', () => {
  it('queues nothing when the transaction that caused the mail rolls back', async () => {
    const contractId = await insertTestContract(db);
    await expect(
      db.transaction().execute(async (trx) => {
        await transition(trx, {
          contractId,
          from: ['sent'],
          to: 'signed',
          event: { type: 'signed_by_client', at: new Date().toISOString() },
        });
        await enqueueMail(trx, testMailSealer, { ...mail, contractId });
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');

    const rows = await db.selectFrom('email_outbox').selectAll().execute();
    expect(rows).toEqual([]);
    const contract = await db
      .selectFrom('contracts')
      .select('status')
      .where('id', '=', contractId)
      .executeTakeFirstOrThrow();
    expect(contract.status).toBe('sent');
  });

  it('stores a pending row, due now, with base64 attachments, when the transaction commits', async () => {
    const contractId = await insertTestContract(db);
    const before = new Date().toISOString();
    const id = await db.transaction().execute((trx) =>
      enqueueMail(trx, testMailSealer, {
        ...mail,
        subject: 'Line one\r\nBcc: victim@example.com',
        contractId,
        attachments: [
          { filename: 'a.html', contentType: 'text/html', content: '<p>é</p>' },
          {
            filename: 'b.bin',
            contentType: 'application/octet-stream',
            content: Buffer.from([0, 255]),
          },
        ],
      }),
    );
    const row = await db
      .selectFrom('email_outbox')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      contract_id: contractId,
      kind: 'signing_request',
      to_address: 'jane@example.com',
      subject: 'Line one Bcc: victim@example.com',
      status: 'pending',
      attempts: 0,
      last_error: null,
      sent_at: null,
    });
    expect(row.next_attempt_at >= before).toBe(true);
    expect(row.next_attempt_at <= new Date().toISOString()).toBe(true);
    expect(row.attachments).not.toContain(Buffer.from('<p>é</p>', 'utf8').toString('base64'));
    expect(JSON.parse(testMailSealer.open(row.attachments ?? ''))).toEqual([
      {
        filename: 'a.html',
        contentType: 'text/html',
        content: Buffer.from('<p>é</p>', 'utf8').toString('base64'),
      },
      { filename: 'b.bin', contentType: 'application/octet-stream', content: 'AP8=' },
    ]);
  });

  it('refuses a recipient that could smuggle a header', async () => {
    await expect(
      enqueueMail(db, testMailSealer, { ...mail, to: 'a@example.com\r\nBcc: b@example.com' }),
    ).rejects.toThrow('invalid recipient');
  });
});

describe('listFailedMailContractIds', () => {
  it('flags contracts whose latest mail of a kind failed for good', async () => {
    const [failed, recovered, fine, other] = [
      await insertTestContract(db),
      await insertTestContract(db),
      await insertTestContract(db),
      await insertTestContract(db),
    ] as [number, number, number, number];
    const put = async (contractId: number, kind: string, status: 'failed' | 'sent' | 'pending') => {
      const id = await enqueueMail(db, testMailSealer, { ...mail, kind, contractId });
      await db.updateTable('email_outbox').set({ status }).where('id', '=', id).execute();
    };
    await put(failed, 'signing_request', 'sent');
    await put(failed, 'signed_copy_client', 'failed');
    await put(recovered, 'signing_request', 'failed');
    await put(recovered, 'signing_request', 'sent'); // resent after fixing the address
    await put(fine, 'signing_request', 'pending');
    await put(other, 'signing_request', 'failed');
    // Mails the contractor reads say nothing of the client's address: never a flag.
    await put(fine, 'signed_copy_contractor', 'failed');
    await put(fine, 'viewed_alert', 'failed');
    await put(fine, 'declined_notice', 'failed');

    const flagged = await listFailedMailContractIds(db, [failed, recovered, fine]);
    expect([...flagged]).toEqual([failed]);
    expect((await listFailedMailContractIds(db, [])).size).toBe(0);
  });

  it('takes more contracts than SQLite binds parameters (a contractor with 40,000 cards)', async () => {
    const failed = await insertTestContract(db);
    await db
      .updateTable('email_outbox')
      .set({ status: 'failed' })
      .where('id', '=', await enqueueMail(db, testMailSealer, { ...mail, contractId: failed }))
      .execute();
    const many = Array.from({ length: 40_000 }, (_, index) => failed + 1 + index);
    expect([...(await listFailedMailContractIds(db, [...many, failed]))]).toEqual([failed]);
  });

  // SQLite's plan is fixed by the query's shape. PostgreSQL's follows table statistics, and on a
  // test's handful of rows it rightly scans the table, so this plan is checked on SQLite only.
  it.skipIf(testEngine() === 'postgres')(
    "starts from the given contracts, not from every account's failed mails",
    async () => {
      const query = failedMailContracts.compiledWith(db, { contractIdsJson: '[1, 2, 3]' });
      const plan = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
      );
      const steps = plan.rows.map((row) => row.detail);
      expect(steps[0]).toMatch(/^SCAN (ids|json_each)/);
      expect(steps[1]).toMatch(/^SEARCH o USING INDEX email_outbox_contract \(contract_id=\?\)/);
    },
  );
});
