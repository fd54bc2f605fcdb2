import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONTRACT_DOCUMENT_CSP } from '../../domain/contract-document/index.js';
import { clientSigns, contractorReadyToSend, sendContract } from '../../test/contract-flow.js';
import { createTestApp, get, jsonPost, openQueuedBody, type TestApp } from '../../test/test-app.js';
import { mailSealerForDataDir } from '../mail/body-seal.js';
import { MAX_RENDER_ATTEMPTS, startDocumentWorker } from './document-worker.js';
import { createPdfRenderer, type PdfRenderer } from './pdf-renderer.js';
import { sealedCopiesCounted } from '../ops/sealed-copy-counter.js';

const quiet = { info: () => undefined, warn: () => undefined };
const renderer = createPdfRenderer({ chromiumPath: '/usr/bin/chromium', log: quiet });
const missingChromium = createPdfRenderer({ chromiumPath: '/nonexistent/chromium', log: quiet });

let t: TestApp;
let cookie: string;

// Each test on an app of its own: the worker takes every job that is due, so a job one test
// leaves behind would be counted by the next.
beforeEach(async () => {
  t = await createTestApp({}, { pdfAvailable: true });
  cookie = await contractorReadyToSend(t, 'failing@example.com');
});
afterEach(async () => {
  await t.close();
});
afterAll(async () => {
  await renderer.close();
});

async function signedContract() {
  const { id, token } = await sendContract(t, cookie);
  expect((await clientSigns(t, token)).statusCode).toBe(200);
  return id;
}

async function runWorkerOnce(workerRenderer: PdfRenderer, now?: () => Date, concurrency?: number) {
  const worker = startDocumentWorker({
    db: t.db,
    renderer: workerRenderer,
    publicUrl: t.config.PUBLIC_URL,
    log: quiet,
    pollMs: 60_000,
    mailSealer: mailSealerForDataDir(t.dir),
    ...(now ? { now } : {}),
    ...(concurrency ? { concurrency } : {}),
  });
  try {
    return await worker.runOnce();
  } finally {
    await worker.stop();
  }
}

const executedCopy = (id: number, as = cookie) =>
  get(t.app, `/api/contracts/${id}/executed-copy`, { cookie: as });

async function signedCopyMails(id: number) {
  const rows = await t.sql.all<{ to_address: string; attachments: string }>(
    "SELECT to_address, attachments FROM email_outbox WHERE contract_id = ? AND kind LIKE 'signed_copy%' ORDER BY id",
    id,
  );
  return rows.map((row) => ({
    to: row.to_address,
    attachments: JSON.parse(openQueuedBody(t, row.attachments)) as {
      contentType: string;
      content: string;
    }[],
  }));
}

describe('an executed copy that cannot be printed', () => {
  it('fails at once when it would print more than 60 pages, and the HTML copy runs and loads nothing', async () => {
    const id = await signedContract();
    // Signed before the document policy: raw markup, a script and an outside image included.
    const pages = '<div style="break-after: page">A page of terms</div>'.repeat(70);
    await t.db
      .updateTable('contracts')
      .set({
        signed_html: `<html><head></head><body>${pages}<script>alert(1)</script><img src="https://evil.example/t.png"></body></html>`,
      })
      .where('id', '=', id)
      .execute();
    const failedBefore = await sealedCopiesCounted('failed');
    await runWorkerOnce(renderer);
    // GET /metrics counts the failed attempt (tradesign_sealed_copies_total).
    expect(await sealedCopiesCounted('failed')).toBe(failedBefore + 1);
    const job = await t.db
      .selectFrom('document_jobs')
      .select(['status', 'attempts', 'last_error'])
      .where('contract_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({
      status: 'failed',
      attempts: 1,
      last_error: 'The contract would print more than 60 pages',
    });
    expect((await executedCopy(id)).json()).toEqual({
      state: 'failed',
      error: 'The contract would print more than 60 pages',
      attempts: 1,
    });

    const mails = await signedCopyMails(id);
    expect(mails.map((mail) => mail.to).sort()).toEqual([
      'failing@example.com',
      'jordan@example.com',
    ]);
    const html = Buffer.from(mails[0]?.attachments[0]?.content ?? '', 'base64').toString('utf8');
    expect(
      html.startsWith('<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy"'),
    ).toBe(true);
    expect(html).toContain(`content="${CONTRACT_DOCUMENT_CSP}"`);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('evil.example');
    expect(html).toContain('A page of terms');
    expect(html).toContain('Signature audit trail');
  });

  it('can be retried from the contract’s page; both parties then get the sealed PDF', async () => {
    const id = await signedContract();
    await t.sql.run(
      'UPDATE document_jobs SET attempts = ? WHERE contract_id = ?',
      MAX_RENDER_ATTEMPTS - 1,
      id,
    );
    await runWorkerOnce(missingChromium);
    const failed = (await executedCopy(id)).json<{ state: string; error: string }>();
    expect(failed.state).toBe('failed');
    expect(failed.error).toContain('Chromium not found');
    expect(await signedCopyMails(id)).toHaveLength(2);

    const stranger = await contractorReadyToSend(t, 'stranger@example.com');
    const retryAs = (as: string) =>
      jsonPost(t.app, `/api/contracts/${id}/executed-copy/retry`, {}, { cookie: as });
    expect((await retryAs(stranger)).statusCode).toBe(404);
    const retried = await retryAs(cookie);
    expect(retried.statusCode).toBe(200);
    // Until a try of this Retry fails, the page has no failure to tell of.
    expect(retried.json()).toEqual({ state: 'in_progress', error: null, attempts: 0 });
    expect((await retryAs(cookie)).statusCode).toBe(409);

    await runWorkerOnce(renderer);
    expect((await executedCopy(id)).json()).toMatchObject({ state: 'ready', error: null });
    const download = await get(t.app, `/api/contracts/${id}/executed.pdf`, { cookie });
    expect(download.statusCode).toBe(200);
    // A sealed copy is never made again.
    expect((await retryAs(cookie)).statusCode).toBe(409);
    const mails = await signedCopyMails(id);
    expect(mails).toHaveLength(4);
    for (const mail of mails.slice(2)) {
      expect(mail.attachments[0]?.contentType).toBe('application/pdf');
      expect(
        Buffer.from(mail.attachments[0]?.content ?? '', 'base64').equals(download.rawPayload),
      ).toBe(true);
    }
    const events = await t.db
      .selectFrom('contract_events')
      .select('type')
      .where('contract_id', '=', id)
      .where('type', 'in', ['completed', 'sealed_copy_sent'])
      .orderBy('id')
      .execute();
    expect(events.map((event) => event.type)).toEqual(['completed', 'sealed_copy_sent']);
    const contract = await t.db
      .selectFrom('contracts')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(contract.status).toBe('completed');
  });

  it('waits behind another account’s new work when it is retried', async () => {
    const failing = await signedContract();
    const start = Date.now();
    let clock = new Date(start);
    const now = () => clock;
    await runWorkerOnce(missingChromium, now);
    const retry = await t.db
      .selectFrom('document_jobs')
      .select(['attempts', 'next_attempt_at'])
      .where('contract_id', '=', failing)
      .executeTakeFirstOrThrow();
    // The first try failed: the retry is due 30 s later.
    expect(retry).toEqual({ attempts: 1, next_attempt_at: new Date(start + 30_000).toISOString() });
    const other = await contractorReadyToSend(t, 'other@example.com', 'Other Co');
    const { token } = await sendContract(t, other);
    await clientSigns(t, token);
    const fresh = (
      await t.db
        .selectFrom('contracts')
        .select('id')
        .where('client_signed_at', 'is not', null)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).id;
    // The other account's contract was signed 45 s in, after the retry came due.
    await t.db
      .updateTable('document_jobs')
      .set({ next_attempt_at: new Date(start + 45_000).toISOString() })
      .where('contract_id', '=', fresh)
      .execute();
    clock = new Date(start + 60_000);
    // One copy at a time, so the order they complete in is the order they were taken in.
    expect(await runWorkerOnce(renderer, now, 1)).toBe(2);
    const completions = await t.db
      .selectFrom('contract_events')
      .select('contract_id')
      .where('type', '=', 'completed')
      .where('contract_id', 'in', [failing, fresh])
      .orderBy('id')
      .execute();
    expect(completions.map((event) => event.contract_id)).toEqual([fresh, failing]);
  });
});
