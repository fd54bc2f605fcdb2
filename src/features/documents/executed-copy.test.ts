import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contract } from '../../domain/contracts.schemas.js';
import { pdfText } from '../../test/pdf-text.js';
import { pdfsig } from '../../test/pdfsig.js';
import { mailSealerForDataDir } from '../mail/body-seal.js';
import {
  createTestApp,
  get,
  jsonPost,
  openQueuedBody,
  signUp,
  type TestApp,
} from '../../test/test-app.js';
import { startDocumentWorker, MAX_RENDER_ATTEMPTS } from './document-worker.js';
import { createPdfRenderer, type PdfRenderer } from './pdf-renderer.js';
import { verifySealedPdf } from './seal/index.js';
import { TEST_SIGNATURE_PNG as SIGNATURE } from '../../test/factories.js';

const client = { name: 'Jordan Rivera', email: 'jordan@example.com' };
const quiet = { info: () => undefined, warn: () => undefined };
const renderer = createPdfRenderer({ chromiumPath: '/usr/bin/chromium', log: quiet });

/** The app's clock, set by hand so the copy's dates are known: each party signs at a set time. */
const CONTRACTOR_SIGNS_AT = new Date('2026-11-21T15:04:00.000Z');
const CLIENT_SIGNS_AT = new Date('2026-11-23T21:30:00.000Z');
let now = CONTRACTOR_SIGNS_AT;

let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp(
    { PUBLIC_URL: 'https://contracts.example.com' },
    { pdfAvailable: true, clock: () => now },
  );
  owner = await signUp(
    t.app,
    { email: 'pdf@example.com', password: 'secret123', company_name: 'Greenleaf Landscaping' },
    { origin: 'https://contracts.example.com' },
  );
  await jsonPost(
    t.app,
    '/api/acceptances',
    { type: 'legal_disclaimer', typed_name: 'Casey Green' },
    { cookie: owner },
  );
});
afterAll(async () => {
  await renderer.close();
  await t.close();
});

/** A contract signed by both parties, waiting for its executed copy. */
async function signedByBoth(): Promise<{ id: number; token: string }> {
  const draft = {
    client_name: client.name,
    client_email: client.email,
    scope_clean: {
      paragraph: 'Install a drip irrigation system.',
      bullets: ['Install drip irrigation'],
    },
    total_price_cents: 500_000,
    payment_plan_json: [{ label: 'Stage 1', percent: 100, amount_cents: 0, trigger: 'At signing' }],
  };
  const { id } = (
    await jsonPost(t.app, '/api/contracts', draft, { cookie: owner })
  ).json<Contract>();
  now = CONTRACTOR_SIGNS_AT;
  await jsonPost(
    t.app,
    `/api/contracts/${id}/sign-mine`,
    { signature: SIGNATURE },
    { cookie: owner },
  );
  await jsonPost(t.app, `/api/contracts/${id}/send`, { client_data: client }, { cookie: owner });
  const mail = await t.sql.get<{ text: string }>(
    "SELECT text FROM email_outbox WHERE contract_id = ? AND kind = 'signing_request'",
    id,
  );
  if (!mail) throw new Error(`no signing request queued for contract ${id}`);
  const token = /\/esign\/([A-Za-z0-9_-]{43})/.exec(openQueuedBody(t, mail.text))?.[1] ?? '';
  now = CLIENT_SIGNS_AT;
  const signed = await jsonPost(
    t.app,
    `/api/esign/${token}`,
    { signature: SIGNATURE, consent: true, time_zone: 'America/Chicago' },
    { headers: { 'user-agent': 'HomeownerPhone/1.0' } },
  );
  expect(signed.json()).toMatchObject({ status: 'signed' });
  return { id, token };
}

/** One pass of a fresh worker, as the server runs it (a new worker also resumes stuck jobs). */
async function runWorkerOnce(workerRenderer: PdfRenderer): Promise<number> {
  const worker = startDocumentWorker({
    db: t.db,
    renderer: workerRenderer,
    publicUrl: 'https://contracts.example.com',
    log: quiet,
    pollMs: 60_000,
    mailSealer: mailSealerForDataDir(t.dir),
  });
  try {
    return await worker.runOnce();
  } finally {
    await worker.stop();
  }
}

const statusOf = (id: number) =>
  t.sql.value<string>('SELECT status FROM contracts WHERE id = ?', id);

describe('the sealed executed copy', () => {
  it('is rendered off the request path, sealed, stored, mailed and downloadable', async () => {
    const { id, token } = await signedByBoth();
    expect(await statusOf(id)).toBe('signed');
    expect(await runWorkerOnce(renderer)).toBe(1);
    expect(await statusOf(id)).toBe('completed');

    const download = await get(t.app, `/api/contracts/${id}/executed.pdf`, { cookie: owner });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    const pdf = download.rawPayload;
    const { text } = await pdfText(pdf);
    // The certificate states the SHA-256 of the snapshot shown to the client: anyone can hash the
    // stored snapshot and compare.
    const snapshot = await t.sql.value<string>(
      'SELECT template_html FROM contracts WHERE id = ?',
      id,
    );
    const snapshotSha = createHash('sha256').update(snapshot).digest('hex');
    expect(text).toContain('SHA-256 of the contract shown to the client:');
    for (const expected of [
      'Jordan Rivera',
      '$5,000.00',
      'Signature Certificate',
      'America/Chicago',
      'HomeownerPhone/1.0',
      'https://contracts.example.com/verify',
    ]) {
      expect(text).toContain(expected);
    }
    // When each party signed, by the app's clock (CONTRACTOR_SIGNS_AT, CLIENT_SIGNS_AT).
    expect(text).toContain('November 21, 2026 at 3:04 PM UTC');
    expect(text).toContain('November 23, 2026 at 9:30 PM UTC');
    // Hashes may wrap across lines in the PDF text: compare without white space.
    expect(text.replace(/\s/g, '')).toContain(snapshotSha);

    const seal = verifySealedPdf(pdf);
    expect(seal.valid).toBe(true);
    // A second opinion from poppler's pdfsig: one valid signature over the whole file, by our
    // self-made seal, which no known issuer vouches for.
    const poppler = await pdfsig(pdf);
    expect(poppler.signatures, poppler.output).toMatchObject([
      {
        signerCommonName: 'TradeSign document seal (contracts.example.com)',
        totalDocumentSigned: true,
        signatureValidation: 'Signature is Valid.',
        certificateValidation: 'Certificate issuer is unknown.',
      },
    ]);
    // One byte changed inside the signed range (the first object, long before the signature).
    const altered = Buffer.from(pdf);
    altered[200] = (altered[200] ?? 0) ^ 0x01;
    expect(verifySealedPdf(altered).valid).toBe(false);
    const popplerOnAltered = await pdfsig(altered);
    expect(popplerOnAltered.signatures, popplerOnAltered.output).toMatchObject([
      { signatureValidation: 'Digest Mismatch.' },
    ]);

    const stored = await t.sql.value<string>(
      'SELECT pdf_sha256 FROM documents WHERE contract_id = ?',
      id,
    );
    expect(stored).toBe(createHash('sha256').update(pdf).digest('hex'));
    // Who sealed it, for /verify (issue 39): the app's own certificate, vouched for by nobody.
    const verified = await get(t.app, `/api/verify/${stored}`);
    expect(verified.json()).toMatchObject({
      seal: {
        signer: {
          common_name: 'TradeSign document seal (contracts.example.com)',
          self_signed: true,
          source: 'app',
        },
        timestamp: null,
        timestamp_missing: 'not_configured',
      },
    });

    const mails = await t.sql.all<{ to_address: string; attachments: string; text: string }>(
      "SELECT to_address, attachments, text FROM email_outbox WHERE contract_id = ? AND kind LIKE 'signed_copy%'",
      id,
    );
    // The mail names the file it carries.
    for (const mail of mails) {
      expect(openQueuedBody(t, mail.text)).toContain(
        `The signed copy is attached (contract-${id}-executed.pdf)`,
      );
    }
    expect(mails.map((mail) => mail.to_address).sort()).toEqual([
      'jordan@example.com',
      'pdf@example.com',
    ]);
    const attachment = (
      JSON.parse(mails[0] ? openQueuedBody(t, mails[0].attachments) : '[]') as {
        contentType: string;
        content: string;
      }[]
    )[0];
    expect(attachment?.contentType).toBe('application/pdf');
    expect(Buffer.from(attachment?.content ?? '', 'base64').equals(pdf)).toBe(true);

    // The client downloads the same file through the signing link; strangers get nothing.
    const viaLink = await get(t.app, `/api/esign/${token}/executed.pdf`);
    expect(viaLink.rawPayload.equals(pdf)).toBe(true);
    const stranger = await signUp(
      t.app,
      { email: 'nosy@example.com', password: 'secret123', company_name: 'Nosy Co' },
      { origin: 'https://contracts.example.com' },
    );
    expect(
      (await get(t.app, `/api/contracts/${id}/executed.pdf`, { cookie: stranger })).statusCode,
    ).toBe(404);
  });

  it('resumes a render interrupted by a crash or restart', async () => {
    const { id } = await signedByBoth();
    // The process died mid-render: the job is left 'running'.
    await t.sql.run(
      "UPDATE document_jobs SET status = 'running', attempts = 1 WHERE contract_id = ?",
      id,
    );
    await runWorkerOnce(renderer);
    expect(await statusOf(id)).toBe('completed');
  });

  it('falls back to the HTML copy when rendering keeps failing, so no signed contract is left without one', async () => {
    const { id } = await signedByBoth();
    await t.sql.run(
      'UPDATE document_jobs SET attempts = ? WHERE contract_id = ?',
      MAX_RENDER_ATTEMPTS - 1,
      id,
    );
    const broken = createPdfRenderer({ chromiumPath: '/nonexistent/chromium', log: quiet });
    await runWorkerOnce(broken);
    expect(await statusOf(id)).toBe('completed');
    const job = await t.sql.get<{ status: string; last_error: string }>(
      'SELECT status, last_error FROM document_jobs WHERE contract_id = ?',
      id,
    );
    expect(job?.status).toBe('failed');
    expect(job?.last_error).toContain('Chromium not found');
    const copy = await t.sql.value<string>(
      "SELECT attachments FROM email_outbox WHERE contract_id = ? AND kind = 'signed_copy_client'",
      id,
    );
    const [attachment] = JSON.parse(openQueuedBody(t, copy)) as {
      contentType: string;
    }[];
    expect(attachment?.contentType).toMatch(/^text\/html/);
  });
});
