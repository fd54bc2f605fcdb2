import { insertPerson } from '../../test/people.js';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let ipCounter = 0;

/** A fresh client address per call site, so the per-IP limit only bites where a test wants it. */
function freshIp(): string {
  ipCounter += 1;
  return `198.51.100.${ipCounter}`;
}

const fingerprint = (text: string) => createHash('sha256').update(text).digest('hex');

function verify(hash: string, ip = freshIp()) {
  return t.app.inject({ method: 'GET', url: `/api/verify/${hash}`, remoteAddress: ip });
}

async function insertUser(email: string) {
  return insertPerson(t.db, { email, created_at: '2026-11-01T10:00:00.000Z' });
}

/** A contract straight into the database with its executed copy; returns the contract id. */
async function insertContractWithCopy(
  owner: { id: number; company_id: number },
  status: 'draft' | 'sent' | 'signed' | 'completed',
  pdfSha256: string,
  createdAt = '2026-11-21T15:04:00.000Z',
): Promise<number> {
  const contractId = await t.sql.value<number>(
    `INSERT INTO contracts
       (company_id, created_by_user_id, status, client_name, client_email, total_price_cents, company_name,
        company_email, company_phone, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    owner.company_id,
    owner.id,
    status,
    'Jordan Rivera',
    'jordan@example.com',
    420_000,
    'Verify Landscaping',
    'office@verify-landscaping.example',
    '5551234567',
    '2026-11-20T09:00:00.000Z',
    createdAt,
  );
  // Its client signed as every contract's signers do since issue 37.
  await t.sql.run(
    `INSERT INTO contract_signers (contract_id, position, name, email, signed_at)
     VALUES (?, 1, ?, ?, ?)`,
    contractId,
    'Jordan Rivera',
    'jordan@example.com',
    createdAt,
  );
  await t.sql.run(
    `INSERT INTO documents (contract_id, pdf, pdf_sha256, contract_pages_sha256, created_at)
     VALUES (?, ?, ?, ?, ?)`,
    contractId,
    Buffer.from(`%PDF-1.7 contract ${contractId}`),
    pdfSha256,
    fingerprint(`pages ${contractId}`),
    createdAt,
  );
  return contractId;
}

/** A completed change order to `parentId` with its own sealed copy (docs/decisions/049). */
async function insertChangeOrderWithCopy(
  parentId: number,
  number: number,
  pdfSha256: string,
): Promise<number> {
  const orderId = await insertContractWithCopy(owner, 'completed', pdfSha256);
  await t.sql.run(
    'UPDATE contracts SET change_order_of = ?, change_order_number = ? WHERE id = ?',
    parentId,
    number,
    orderId,
  );
  return orderId;
}

let owner: { id: number; company_id: number };
let completedId: number;
const genuineHash = fingerprint('%PDF-1.7 the executed copy');

beforeAll(async () => {
  t = await createTestApp();
  owner = await insertUser('owner@verify-landscaping.example');
  completedId = await insertContractWithCopy(owner, 'completed', genuineHash);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/verify/:sha256', () => {
  it('confirms the executed copy of a completed contract with only its number, parties and date', async () => {
    const response = await verify(genuineHash);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      genuine: true,
      contract_id: completedId,
      contractor: 'Verify Landscaping',
      client: 'Jordan Rivera',
      completed_at: '2026-11-21T15:04:00.000Z',
      signers: [{ name: 'Jordan Rivera', signed_at: '2026-11-21T15:04:00.000Z' }],
      change_order: null,
      // A copy sealed before who sealed it was recorded (issue 39).
      seal: null,
    });
  });

  it('never answers with emails, phones, totals or the document', async () => {
    const response = await verify(genuineHash);
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json<Record<string, unknown>>()).sort()).toEqual([
      'change_order',
      'client',
      'completed_at',
      'contract_id',
      'contractor',
      'genuine',
      'seal',
      'signers',
    ]);
    expect(response.body).not.toMatch(/@|example|420000|5551234567|%PDF|total|pdf/i);
  });

  it('accepts the fingerprint in upper case', async () => {
    const response = await verify(genuineHash.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(response.json<{ contract_id: number }>().contract_id).toBe(completedId);
  });

  it('answers 404 for a fingerprint it does not know', async () => {
    const response = await verify(fingerprint('%PDF-1.7 the executed copy, one byte changed'));
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe('No executed contract matches this file');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it("names the contract a change order's copy changes, and that contract's sealed copy", async () => {
    const copyHash = fingerprint('%PDF-1.7 the executed copy of change order 1');
    const orderId = await insertChangeOrderWithCopy(completedId, 1, copyHash);
    const response = await verify(copyHash);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      genuine: true,
      contract_id: orderId,
      change_order: { number: 1, contract_id: completedId, contract_sha256: genuineHash },
    });
  });

  it("says a change order's contract has no sealed copy when it has none", async () => {
    const parentId = await insertContractWithCopy(owner, 'completed', fingerprint('a lost copy'));
    // Its PDF failed for good and went out as HTML: no documents row.
    await t.sql.run('DELETE FROM documents WHERE contract_id = ?', parentId);
    const copyHash = fingerprint('%PDF-1.7 a change order to a contract without a PDF');
    await insertChangeOrderWithCopy(parentId, 3, copyHash);
    const response = await verify(copyHash);
    expect(response.json()).toMatchObject({
      change_order: { number: 3, contract_id: parentId, contract_sha256: null },
    });
  });

  it('answers 404 when the contract is not completed', async () => {
    for (const status of ['draft', 'sent', 'signed'] as const) {
      const hash = fingerprint(`%PDF-1.7 a copy of a ${status} contract`);
      await insertContractWithCopy(owner, status, hash);
      const response = await verify(hash);
      expect(response.statusCode, status).toBe(404);
      expect(response.body).toBe('No executed contract matches this file');
    }
  });

  it('refuses anything but 64 hex digits with 400', async () => {
    const malformed = [
      genuineHash.slice(0, 63),
      `${genuineHash}0`,
      `${genuineHash.slice(0, 63)}g`,
      'not-a-hash',
      encodeURIComponent(`${genuineHash.slice(0, 62)} x`),
      "'%20OR%201=1--",
    ];
    for (const hash of malformed) {
      const response = await verify(hash);
      expect(response.statusCode, hash).toBe(400);
      expect(response.body).toBe('Expected a SHA-256 in hex');
    }
  });

  it('limits each address to 30 checks a minute, then answers 429 with Retry-After', async () => {
    const ip = freshIp();
    for (let attempt = 1; attempt <= 30; attempt += 1) {
      const hash = attempt % 2 ? genuineHash : fingerprint(`guess ${attempt}`);
      const response = await verify(hash, ip);
      expect(response.statusCode, `check ${attempt}`).toBe(attempt % 2 ? 200 : 404);
    }
    const limited = await verify(genuineHash, ip);
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers['cache-control']).toBe('no-store');

    // Other addresses are unaffected.
    expect((await verify(genuineHash)).statusCode).toBe(200);
  });
});
