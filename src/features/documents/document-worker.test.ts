import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  TEST_CLIENT_SIGNATURE_PNG,
  contractorReadyToSend,
  sendContract,
} from '../../test/contract-flow.js';
import { createTestApp, jsonPost, type TestApp } from '../../test/test-app.js';
import { mailSealerForDataDir } from '../mail/body-seal.js';
import { claimNextDocumentJob } from './document-claim.js';
import { startDocumentWorker } from './document-worker.js';
import { createPdfRenderer } from './pdf-renderer.js';
import { sealedCopiesCounted } from '../ops/sealed-copy-counter.js';

const quiet = { info: () => undefined, warn: () => undefined };
// Real Chromium, printing several pages at once (issue 33).
const renderer = createPdfRenderer({
  chromiumPath: '/usr/bin/chromium',
  log: quiet,
  concurrency: 3,
});

let t: TestApp;

beforeEach(async () => {
  t = await createTestApp({}, { pdfAvailable: true });
});
afterEach(async () => {
  await t.close();
});
afterAll(async () => {
  await renderer.close();
});

/** `count` contracts of this contractor, sent; their signing tokens. */
async function sentContracts(
  cookie: string,
  count: number,
): Promise<{ id: number; token: string }[]> {
  const sent = [];
  for (let index = 0; index < count; index += 1) sent.push(await sendContract(t, cookie));
  return sent.map(({ id, token }) => ({ id, token }));
}

/** Every client signs at once, each from a phone of their own. */
async function allSignAtOnce(contracts: { token: string }[], firstAddress = 1) {
  const answers = await Promise.all(
    contracts.map(({ token }, index) =>
      jsonPost(
        t.app,
        `/api/esign/${token}`,
        { signature: TEST_CLIENT_SIGNATURE_PNG, consent: true },
        { headers: { 'x-forwarded-for': `10.20.0.${firstAddress + index}` } },
      ),
    ),
  );
  expect(answers.map((answer) => answer.statusCode)).toEqual(contracts.map(() => 200));
}

function worker(options: { concurrency?: number } = {}) {
  return startDocumentWorker({
    db: t.db,
    renderer,
    publicUrl: t.config.PUBLIC_URL,
    log: quiet,
    pollMs: 60_000,
    mailSealer: mailSealerForDataDir(t.dir),
    ...options,
  });
}

/** The contracts completed, in the order their `completed` events were written. */
async function completedInOrder(): Promise<number[]> {
  const rows = await t.sql.all<{ contract_id: number }>(
    "SELECT contract_id FROM contract_events WHERE type = 'completed' ORDER BY id",
  );
  return rows.map((row) => row.contract_id);
}

describe('sealed copies when many sign at once', () => {
  // Ten contracts through the API and ten real prints, more than the two workers' six slots: more
  // than the default 20 s when the machine is shared (PostgreSQL leg).
  it(
    'seals each of 10 contracts signed at once exactly once, with two workers on one database',
    {
      timeout: 120_000,
    },
    async () => {
      const first = await contractorReadyToSend(t, 'burst-one@example.com', 'Burst One');
      const second = await contractorReadyToSend(t, 'burst-two@example.com', 'Burst Two');
      const contracts = [...(await sentContracts(first, 5)), ...(await sentContracts(second, 5))];
      await allSignAtOnce(contracts);

      // Two instances, each printing several at once, claiming from the same queue.
      const [one, two] = [worker({ concurrency: 3 }), worker({ concurrency: 3 })];
      const madeBefore = await sealedCopiesCounted('made');
      try {
        const [byOne, byTwo] = await Promise.all([one.runOnce(), two.runOnce()]);
        expect(byOne + byTwo).toBe(10);
        // Both workers run in this process: the metric counts each copy once.
        expect(await sealedCopiesCounted('made')).toBe(madeBefore + 10);
      } finally {
        await Promise.all([one.stop(), two.stop()]);
      }

      const ids = contracts.map(({ id }) => id).sort((a, b) => a - b);
      const documents = await t.sql.all<{ contract_id: number }>(
        'SELECT contract_id FROM documents ORDER BY contract_id',
      );
      expect(documents.map((row) => row.contract_id)).toEqual(ids);
      expect((await completedInOrder()).sort((a, b) => a - b)).toEqual(ids);
      const statuses = await t.sql.all<{ status: string }>(
        'SELECT DISTINCT status FROM contracts WHERE id IN (SELECT contract_id FROM documents)',
      );
      expect(statuses).toEqual([{ status: 'completed' }]);
      // Both parties got the one sealed copy of each contract, once.
      const copies = await t.sql.all<{ contract_id: number; mails: number }>(
        "SELECT contract_id, COUNT(*) AS mails FROM email_outbox WHERE kind LIKE 'signed_copy%' GROUP BY contract_id ORDER BY contract_id",
      );
      expect(copies.map((row) => [row.contract_id, Number(row.mails)])).toEqual(
        ids.map((id) => [id, 2]),
      );
      const jobs = await t.sql.all<{ status: string; attempts: number }>(
        'SELECT DISTINCT status, attempts FROM document_jobs',
      );
      expect(jobs).toEqual([{ status: 'done', attempts: 1 }]);
    },
  );

  it('prints another account’s copy in turn, not after one account’s whole burst', async () => {
    const busy = await contractorReadyToSend(t, 'busy@example.com', 'Busy Co');
    const other = await contractorReadyToSend(t, 'other@example.com', 'Other Co');
    const burst = await sentContracts(busy, 4);
    const single = await sentContracts(other, 1);
    await allSignAtOnce(burst);
    await allSignAtOnce(single, 50);

    // One at a time, so the order they complete in is the order they were taken in.
    const one = worker({ concurrency: 1 });
    try {
      expect(await one.runOnce()).toBe(5);
    } finally {
      await one.stop();
    }
    const order = await completedInOrder();
    // One of the burst (the account signed up first), then the other account's, then the rest
    // of the burst (among themselves in the order they were signed, which the requests decide).
    const burstIds = burst.map(({ id }) => id);
    expect(burstIds).toContain(order[0]);
    expect(order[1]).toBe(single[0]?.id);
    expect([order[0], ...order.slice(2)].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(burstIds);
  });

  it('gives a job to one claimant only, and the next claim to the company after the last served', async () => {
    const busy = await contractorReadyToSend(t, 'claims-busy@example.com', 'Busy Claims');
    const other = await contractorReadyToSend(t, 'claims-other@example.com', 'Other Claims');
    const burst = await sentContracts(busy, 3);
    const single = await sentContracts(other, 1);
    await allSignAtOnce([...burst, ...single]);
    const owners = await t.sql.all<{ id: number; company_id: number }>(
      'SELECT id, company_id FROM contracts ORDER BY id',
    );
    const busyCompany = owners.find((row) => row.id === burst[0]?.id)?.company_id ?? 0;
    const otherCompany = owners.find((row) => row.id === single[0]?.id)?.company_id ?? 0;

    const now = new Date(Date.now() + 1000);
    const claim = (afterCompanyId: number) =>
      claimNextDocumentJob(t.db, now, 60_000, { afterCompanyId, skipCompanyIds: [] });
    // After the busy company, the other company's job comes first.
    const first = await claim(busyCompany);
    expect(first).toMatchObject({
      contract_id: single[0]?.id,
      company_id: otherCompany,
      attempts: 1,
    });
    // Six claimants at once for the three jobs left: three get one each, the others nothing.
    const claims = await Promise.all(Array.from({ length: 6 }, () => claim(otherCompany)));
    const claimed = claims.flatMap((next) => (next ? [next.contract_id] : []));
    expect(claimed.sort((a, b) => a - b)).toEqual(burst.map(({ id }) => id));
    expect(new Set(claims.flatMap((next) => (next ? [next.lease_token] : []))).size).toBe(3);
  });
});
