import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorReadyToSend } from '../../test/contract-flow.js';
import { movableClock, queuedMails, type MovableClock } from '../../test/follow-up-flow.js';
import { pdftotextPages } from '../../test/pdf-words.js';
import { sendContractWithSigners } from '../../test/signers-flow.js';
import { createTestApp, get, jsonPost, openQueuedBody, type TestApp } from '../../test/test-app.js';
import { createPdfRenderer } from './pdf-renderer.js';
import { sealWaitingCopies } from '../../test/seal-copies.js';

/**
 * The record of a contract two homeowners signed together (issue 37): one sealed PDF with every
 * signature, a certificate that lists each signer with their own facts, the copy mailed to all
 * three parties in their languages, and the verify page naming both.
 */

const PUBLIC_URL = 'https://contracts.example.com';
const OWNER = 'two-owners@example.com';
const START = new Date('2026-12-02T15:00:00.000Z');
const quiet = { info: () => undefined, warn: () => undefined };
const renderer = createPdfRenderer({ chromiumPath: '/usr/bin/chromium', log: quiet });

/** A real PNG of one colour: its size tells the signature apart in the PDF. */
function solidPng(width: number, height: number): string {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x33)]);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** Each image drawn on each page, as poppler lists them: `page`, `width` x `height`. */
async function imagesOf(pdf: Buffer): Promise<{ page: number; size: string }[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tradesign-pdfimages-'));
  try {
    const file = path.join(dir, 'copy.pdf');
    writeFileSync(file, pdf);
    const { stdout } = await promisify(execFile)('pdfimages', ['-list', file]);
    return stdout
      .split('\n')
      .slice(2)
      .map((line) => line.trim().split(/\s+/))
      .filter((cells) => cells.length > 4 && cells[2] === 'image')
      .map((cells) => ({ page: Number(cells[0]), size: `${cells[3]}x${cells[4]}` }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let t: TestApp;
let clock: MovableClock;
let owner: string;

beforeAll(async () => {
  clock = movableClock(START);
  t = await createTestApp({ PUBLIC_URL }, { pdfAvailable: true, clock: clock.now });
  owner = await contractorReadyToSend(t, OWNER, 'Greenleaf Landscaping');
});
afterAll(async () => {
  await renderer.close();
  await t.close();
});

function sign(token: string, body: Record<string, unknown>, device: { ip: string; agent: string }) {
  return jsonPost(
    t.app,
    `/api/esign/${token}`,
    { consent: true, ...body },
    { remoteAddress: device.ip, headers: { 'user-agent': device.agent } },
  );
}

describe('two homeowners signing together', () => {
  it('get one sealed PDF with both signatures, each in the certificate, mailed to all three parties', async () => {
    const { id, tokens } = await sendContractWithSigners(t, owner);
    const [jordan = '', alex = ''] = tokens;
    // Alex reads Spanish: the page, the notice and the copy mailed to Alex.
    const switched = await t.app.inject({
      method: 'POST',
      url: `/esign/${alex}/language`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PUBLIC_URL },
      payload: 'language=es',
      remoteAddress: '198.51.100.22',
    });
    expect(switched.statusCode, switched.body).toBe(303);
    for (const token of [jordan, alex]) {
      expect((await get(t.app, `/api/esign/${token}`)).statusCode).toBe(200);
    }

    clock.advance(60 * 60_000);
    const first = await sign(
      jordan,
      { signature: solidPng(3, 2), signer_name: 'Jordan Rivera', time_zone: 'America/Chicago' },
      { ip: '198.51.100.11', agent: 'HomeownerPhone/1' },
    );
    expect(first.statusCode, first.body).toBe(200);
    clock.advance(24 * 60 * 60_000);
    const second = await sign(
      alex,
      {
        signature: solidPng(5, 4),
        signer_name: 'Alex M. Rivera',
        time_zone: 'America/Denver',
        consent_language: 'es',
      },
      { ip: '198.51.100.22', agent: 'HomeownerTablet/2' },
    );
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ status: 'signed' });

    expect(await sealWaitingCopies(t, renderer, { publicUrl: PUBLIC_URL, now: clock.now })).toBe(1);
    expect(await t.sql.value<string>('SELECT status FROM contracts WHERE id = ?', id)).toBe(
      'completed',
    );

    const download = await get(t.app, `/api/contracts/${id}/executed.pdf`, { cookie: owner });
    expect(download.statusCode).toBe(200);
    const pdf = download.rawPayload;
    const pages = await pdftotextPages(pdf);
    const certificateStart = pages.findIndex((page) => page.includes('Signature Certificate'));
    expect(certificateStart).toBeGreaterThan(0);

    // The contract's signature page carries the contractor's and both owners' signatures, by
    // their names and days.
    const images = await imagesOf(pdf);
    const contractImages = images.filter((image) => image.page <= certificateStart);
    expect(contractImages.map((image) => image.size).sort()).toEqual(['1x1', '3x2', '5x4']);
    const signaturePage = pages.slice(0, certificateStart).join('\n').replace(/\s+/g, ' ');
    for (const words of ['Name: Jordan Rivera', 'Name: Alex M. Rivera', 'Date: December 3, 2026']) {
      expect(signaturePage).toContain(words);
    }

    // The certificate: each owner with their own address, device, zone, consent and opening.
    const certificate = pages.slice(certificateStart).join('\n').replace(/\s+/g, ' ');
    const jordanPart = certificate.slice(
      certificate.indexOf('Client 1 of 2'),
      certificate.indexOf('Client 2 of 2'),
    );
    const alexPart = certificate.slice(
      certificate.indexOf('Client 2 of 2'),
      certificate.indexOf('Event timeline'),
    );
    for (const fact of [
      'jordan@example.com',
      '198.51.100.11',
      'HomeownerPhone/1',
      'America/Chicago',
      '(notice in English',
      'First opened (UTC) December 2, 2026 at 3:00 PM UTC',
    ]) {
      expect(jordanPart).toContain(fact);
    }
    for (const fact of [
      'Alex M. Rivera',
      'Name entered by the contractor Alex Rivera',
      'alex@example.com',
      '198.51.100.22',
      'HomeownerTablet/2',
      'America/Denver',
      '(notice in Spanish',
    ]) {
      expect(alexPart).toContain(fact);
    }
    expect(certificate).toContain('Signed by the client (Alex Rivera)');
    // Each notice they read, once each: English and Spanish.
    expect(certificate).toContain('Appendix: the consent notice Jordan Rivera accepted');
    expect(certificate).toContain('Appendix: the consent notice Alex M. Rivera accepted');
    const certificateImages = images.filter((image) => image.page > certificateStart);
    for (const size of ['3x2', '5x4']) {
      expect(certificateImages.map((image) => image.size)).toContain(size);
    }

    // The same file to each party, the owners in their own language.
    const copies = await queuedMails(t, id);
    const signed = copies.filter((mail) => mail.kind.startsWith('signed_copy'));
    expect(signed.map((mail) => [mail.kind, mail.to_address, mail.subject]).sort()).toEqual(
      [
        [
          'signed_copy_client',
          'alex@example.com',
          `Firmado: contrato n.º ${id} con Greenleaf Landscaping`,
        ],
        [
          'signed_copy_client',
          'jordan@example.com',
          `Signed: Contract #${id} with Greenleaf Landscaping`,
        ],
        [
          'signed_copy_contractor',
          OWNER,
          `Signed: Contract #${id} with Jordan Rivera and Alex Rivera`,
        ],
      ].sort(),
    );
    expect(signed.find((mail) => mail.to_address === 'alex@example.com')?.text).toContain(
      'Hola, Alex Rivera:',
    );
    for (const mail of signed) {
      const attachments = await t.sql.value<string>(
        'SELECT attachments FROM email_outbox WHERE id = ?',
        mail.id,
      );
      const [copy] = JSON.parse(openQueuedBody(t, attachments)) as { content: string }[];
      expect(Buffer.from(copy?.content ?? '', 'base64').equals(pdf), mail.to_address).toBe(true);
    }

    // Anyone checking the file sees both owners and when each signed.
    const sha256 = await t.sql.value<string>(
      'SELECT pdf_sha256 FROM documents WHERE contract_id = ?',
      id,
    );
    const verified = await get(t.app, `/api/verify/${sha256}`);
    expect(verified.json()).toMatchObject({
      client: 'Jordan Rivera',
      signers: [
        { name: 'Jordan Rivera', signed_at: '2026-12-02T16:00:00.000Z' },
        { name: 'Alex Rivera', signed_at: '2026-12-03T16:00:00.000Z' },
      ],
    });
  });
});
