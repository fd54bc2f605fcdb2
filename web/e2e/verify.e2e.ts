import { createHash } from 'node:crypto';
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openAppDatabase } from './support/app-database';
import { newPage, PHONE } from './support/browser';
import { workerApp } from './support/worker';
import { signedInPage } from './support/flows';

const running = workerApp();

/** Any bytes starting with %PDF- do: the server only compares fingerprints. */
const executedPdf = Buffer.from(
  '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n% executed copy of a verify test\n%%EOF\n',
);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
let contractId = 0;
/** Change Order 1 to that contract, sealed too (issue 38). */
const changeOrderPdf = Buffer.from(
  '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n% change order 1 of a verify test\n%%EOF\n',
);

/** A completed contract and its executed copy, written straight into the running app's database. */
beforeAll(async () => {
  const database = openAppDatabase(running.app());
  try {
    const companyId = await database.sql.value<number>(
      'INSERT INTO companies (created_at) VALUES (?) RETURNING id',
      '2026-11-01T10:00:00.000Z',
    );
    const userId = await database.sql.value<number>(
      'INSERT INTO users (email, password_hash, created_at, company_id) VALUES (?, ?, ?, ?) RETURNING id',
      'owner@verify-e2e.example',
      'not-a-real-hash',
      '2026-11-01T10:00:00.000Z',
      companyId,
    );
    contractId = await database.sql.value<number>(
      `INSERT INTO contracts
         (company_id, created_by_user_id, status, client_name, client_email, total_price_cents,
          company_name, created_at, updated_at)
       VALUES (?, ?, 'completed', ?, ?, ?, ?, ?, ?) RETURNING id`,
      companyId,
      userId,
      'Jordan Rivera',
      'jordan@verify-e2e.example',
      420_000,
      'Verify Landscaping',
      '2026-11-20T09:00:00.000Z',
      '2026-11-21T15:04:00.000Z',
    );
    await database.sql.run(
      `INSERT INTO documents (contract_id, pdf, pdf_sha256, contract_pages_sha256, created_at)
       VALUES (?, ?, ?, ?, ?)`,
      contractId,
      executedPdf,
      sha256(executedPdf),
      sha256(Buffer.from('pages')),
      '2026-11-21T15:04:00.000Z',
    );
    const changeOrderId = await database.sql.value<number>(
      `INSERT INTO contracts
         (company_id, created_by_user_id, status, client_name, client_email, total_price_cents,
          company_name, created_at, updated_at, change_order_of, change_order_number)
       VALUES (?, ?, 'completed', ?, ?, ?, ?, ?, ?, ?, 1) RETURNING id`,
      companyId,
      userId,
      'Jordan Rivera',
      'jordan@verify-e2e.example',
      540_000,
      'Verify Landscaping',
      '2026-12-01T09:00:00.000Z',
      '2026-12-02T16:00:00.000Z',
      contractId,
    );
    await database.sql.run(
      `INSERT INTO documents (contract_id, pdf, pdf_sha256, contract_pages_sha256, created_at)
       VALUES (?, ?, ?, ?, ?)`,
      changeOrderId,
      changeOrderPdf,
      sha256(changeOrderPdf),
      sha256(Buffer.from('change order pages')),
      '2026-12-02T16:00:00.000Z',
    );
  } finally {
    await database.close();
  }
});

const fileInput = (page: Page) => page.locator('input[type="file"]');
const result = (page: Page) => page.getByRole('status');

async function choose(page: Page, buffer: Buffer, name = 'contract.pdf') {
  await fileInput(page).setInputFiles({ name, mimeType: 'application/pdf', buffer });
}

describe('the public verify page', () => {
  it('tells a genuine executed copy from an altered one, signed out, on a phone', async () => {
    const { page } = await newPage(running.browser(), running.app().url, PHONE);
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));

    await page.goto('/verify');
    await page.getByRole('heading', { name: 'Verify a Contract' }).waitFor();
    await page.getByText('Check that a PDF is the genuine, unaltered executed copy').waitFor();
    await page
      .getByText('Your file never leaves this device: only its SHA-256 fingerprint is sent.')
      .waitFor();
    expect(page.url()).toMatch(/\/verify$/);
    const chooseButton = page.getByRole('button', { name: 'Choose PDF' });
    await chooseButton.waitFor();
    expect(await fileInput(page).getAttribute('accept')).toBe('application/pdf,.pdf');
    // Fits the phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );

    await choose(page, executedPdf);
    await result(page).getByText('Genuine executed copy').waitFor();
    await result(page).getByText(`Contract #${contractId}`).waitFor();
    await result(page).getByText('Contractor: Verify Landscaping').waitFor();
    await result(page).getByText('Client: Jordan Rivera').waitFor();
    await result(page).getByText('Signed by all parties on November 21, 2026').waitFor();
    await result(page).getByText(sha256(executedPdf)).waitFor();
    expect(await result(page).textContent()).not.toContain('jordan@verify-e2e.example');

    // One byte changed: a different fingerprint, and no match.
    const altered = Buffer.from(executedPdf);
    altered[altered.length - 3] = 'X'.charCodeAt(0);
    await choose(page, altered, 'contract-edited.pdf');
    await result(page).getByText('Not a match').waitFor();
    await result(page)
      .getByText('Even one changed byte gives a different fingerprint.', { exact: false })
      .waitFor();
    await result(page).getByText(sha256(altered)).waitFor();
    expect(await result(page).getByText('Genuine executed copy').count()).toBe(0);

    // Only fingerprints went to the server, never the file.
    const verifyCalls = requests.filter((request) => request.url().includes('/api/verify/'));
    expect(verifyCalls.map((request) => new URL(request.url()).pathname)).toEqual([
      `/api/verify/${sha256(executedPdf)}`,
      `/api/verify/${sha256(altered)}`,
    ]);
    for (const request of requests) {
      expect(request.method(), request.url()).toBe('GET');
      expect(request.postDataBuffer(), request.url()).toBeNull();
    }
  });

  it("names a change order's copy by its number and its contract, with that contract's fingerprint", async () => {
    const { page } = await newPage(running.browser(), running.app().url, PHONE);
    await page.goto('/verify');
    await choose(page, changeOrderPdf, 'change-order-1.pdf');
    await result(page).getByText('Genuine executed copy').waitFor();
    await result(page).getByText(`Change Order 1 to Contract #${contractId}`).waitFor();
    await result(page).getByText(`Changes Contract #${contractId}`).waitFor();
    await result(page)
      .getByText(`SHA-256 fingerprint of Contract #${contractId}'s sealed copy`)
      .waitFor();
    await result(page).getByText(sha256(executedPdf)).waitFor();
    await result(page).getByText(sha256(changeOrderPdf)).waitFor();
    // Two fingerprints still fit the phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
  });

  it('takes a file dropped on the box, and refuses what is not a PDF', async () => {
    const { page } = await newPage(running.browser(), running.app().url, PHONE);
    await page.goto('/verify');
    const zone = page.getByText('Drop the contract PDF here');
    await zone.waitFor();
    const dataTransfer = await page.evaluateHandle((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], 'dropped.pdf', { type: 'application/pdf' }));
      return transfer;
    }, executedPdf.toString('latin1'));
    await zone.dispatchEvent('dragenter', { dataTransfer });
    await zone.dispatchEvent('dragover', { dataTransfer });
    await zone.dispatchEvent('drop', { dataTransfer });
    await result(page).getByText('Genuine executed copy').waitFor();
    await result(page).getByText(`Contract #${contractId}`).waitFor();

    await fileInput(page).setInputFiles({
      name: 'photo.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('GIF89a not a pdf at all'),
    });
    await result(page).getByText('Not a PDF').waitFor();
  });

  it('is there for a signed-in contractor too', async () => {
    const page = await signedInPage(running, { company: 'Verify Signed In Co' });
    await page.goto('/verify');
    await page.getByRole('heading', { name: 'Verify a Contract' }).waitFor();
    await choose(page, executedPdf);
    await result(page).getByText('Genuine executed copy').waitFor();
  });
});
