import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openAppDatabase } from './support/app-database';
import { DESKTOP, newPage, settled, uniqueEmail } from './support/browser';
import { sendContractByApi } from './support/send-by-api';
import { workerApp } from './support/worker';
import { signedInAccount, signedInPage, signUpByApi, waitForToast } from './support/flows';

const running = workerApp();

describe('the contracts list', () => {
  it('groups drafts, awaiting signature and completed contracts with their badges', async () => {
    const page = await signedInPage(running, { company: 'List Landscaping' });

    const base = running.app().url;
    const ids: number[] = [];
    for (const client of ['Draft Client', 'Sent Client', 'Signed Client', 'Done Client']) {
      const answer = await page.request.post(`${base}/api/contracts`, {
        data: { client_name: client, total_price_cents: 123_456 },
        headers: { origin: base },
      });
      ids.push(((await answer.json()) as { id: number }).id);
    }
    // Sending arrives with the signing feature; here the later states are set directly.
    const database = openAppDatabase(running.app());
    const setStatus = (status: string, sentAt: string, id: number | undefined) =>
      database.sql.run(
        'UPDATE contracts SET status = ?, sent_at = ? WHERE id = ?',
        status,
        sentAt,
        id,
      );
    await setStatus('sent', '2026-11-20T15:00:00.000Z', ids[1]);
    await setStatus('signed', '2026-11-19T15:00:00.000Z', ids[2]);
    await setStatus('completed', '2026-11-18T15:00:00.000Z', ids[3]);
    await database.close();

    await page.goto('/');
    await page.getByRole('heading', { name: 'Drafts (1)' }).waitFor();
    await page.getByRole('heading', { name: 'Awaiting Signature (1)' }).waitFor();
    await page.getByRole('heading', { name: 'Completed (2)' }).waitFor();

    const awaiting = page.getByRole('region', { name: 'Awaiting Signature' });
    const sentCard = awaiting.getByRole('link', {
      name: `Contract #${ids[1]}, Awaiting Signature, for Sent Client: open`,
    });
    await sentCard.getByText('Awaiting Signature', { exact: true }).waitFor();
    await sentCard.getByText('Sent Nov 20, 2026').waitFor();
    await sentCard.getByText('$1,234.56').waitFor();
    await sentCard.getByText('Sent Client').waitFor();
    // Every card is one link (issue 17): a sent contract's opens its page.
    expect(await awaiting.getByRole('link').count()).toBe(1);

    const completed = page.getByRole('region', { name: 'Completed' });
    expect(await completed.getByText('Completed', { exact: true }).count()).toBe(2);
    expect(await completed.getByRole('link', { name: /, Completed, for .*: open$/ }).count()).toBe(
      2,
    );

    const drafts = page.getByRole('region', { name: 'Drafts' });
    await drafts
      .getByRole('link', { name: new RegExp(`Contract #${ids[0]}, draft for Draft Client`) })
      .waitFor();

    await sentCard.click();
    await page.waitForURL(`**/contracts/${ids[1]}`);
    await page.getByRole('heading', { name: `Contract #${ids[1]}` }).waitFor();
  });

  it('shows the first 100 cards of a long section and loads the rest on request', async () => {
    const { page, context } = await newPage(running.browser(), running.app().url);
    const { email } = await signUpByApi(context.request, running.app().url, {
      company: 'Busy Builders',
    });
    // 130 drafts straight into the database: the browser only needs to read them.
    const database = openAppDatabase(running.app());
    const owner = await database.sql.get<{ id: number; company_id: number }>(
      'SELECT id, company_id FROM users WHERE email = ?',
      email,
    );
    // One statement: all 130 appear at once.
    const rows = Array.from({ length: 130 }, (_, i) => {
      const at = new Date(Date.UTC(2026, 9, 1, 0, i + 1)).toISOString();
      return [owner?.company_id, owner?.id, `Client ${i + 1}`, at, at];
    });
    await database.sql.run(
      `INSERT INTO contracts (company_id, created_by_user_id, status, client_name, created_at, updated_at)
       VALUES ${rows.map(() => "(?, ?, 'draft', ?, ?, ?)").join(', ')}`,
      ...rows.flat(),
    );
    await database.close();

    await page.goto('/');
    const drafts = page.getByRole('region', { name: 'Drafts' });
    await page.getByRole('heading', { name: 'Drafts (130)' }).waitFor();
    const cards = drafts.getByRole('link', { name: /draft for Client \d+: continue/ });
    await drafts.getByText('Client 130', { exact: true }).waitFor();
    expect(await cards.count()).toBe(100);
    // Newest first: the oldest 30 are behind the button.
    expect(await drafts.getByText('Client 30', { exact: true }).count()).toBe(0);

    const more = drafts.getByRole('button', { name: 'Show more (100 of 130 shown)' });
    await more.focus();
    await page.keyboard.press('Enter');
    await drafts.getByText('Client 1', { exact: true }).waitFor();
    expect(await cards.count()).toBe(130);
    expect(await drafts.getByRole('button', { name: /Show more/ }).count()).toBe(0);
  });
});

/** Drafts through the API, then their statuses set in the database (the screen only reads them). */
async function contractsFor(
  page: Page,
  base: string,
  clients: { name: string; address?: string; status?: string }[],
) {
  const ids: number[] = [];
  for (const client of clients) {
    const answer = await page.request.post(`${base}/api/contracts`, {
      data: { client_name: client.name, client_address: client.address ?? null },
      headers: { origin: base },
    });
    ids.push(((await answer.json()) as { id: number }).id);
  }
  const database = openAppDatabase(running.app());
  for (const [index, client] of clients.entries()) {
    if (!client.status) continue;
    await database.sql.run(
      'UPDATE contracts SET status = ?, sent_at = ? WHERE id = ?',
      client.status,
      '2026-11-20T15:00:00.000Z',
      ids[index],
    );
  }
  await database.close();
  return ids;
}

/**
 * The client names on the search results' cards, top to bottom, once the results say how many
 * match (the words of a fresh answer, not the previous one's).
 */
async function resultNames(page: Page, summary: string) {
  const results = page.getByRole('region', { name: 'Search results' });
  await results.getByRole('status').filter({ hasText: summary }).waitFor();
  await settled(page);
  return results
    .getByRole('link')
    .evaluateAll((links) =>
      links.map(
        (link) => /for (.+): (continue|open)$/.exec(link.getAttribute('aria-label') ?? '')?.[1],
      ),
    );
}

describe('finding a contract', () => {
  it('searches by client and address, filters by status, and keeps both in the URL', async () => {
    const base = running.app().url;
    const page = await signedInPage(running, { company: 'Search Fencing' });
    await contractsFor(page, base, [
      { name: 'Dana Smith' },
      { name: 'Lee Smithers', status: 'sent' },
      { name: 'José Muñoz', address: '12 Oak Lane', status: 'declined' },
    ]);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Drafts (1)' }).waitFor();

    // Typed from the keyboard: the list follows once typing pauses, and the URL keeps the words.
    const box = page.getByRole('textbox', { name: 'Search' });
    await box.focus();
    await page.keyboard.type('smith');
    await page.waitForURL(/[?&]q=smith/);
    expect(await resultNames(page, '2 contracts match')).toEqual(['Lee Smithers', 'Dana Smith']);
    expect(await page.getByRole('heading', { name: /^Drafts/ }).count()).toBe(0);

    // From the box, Tab reaches its clear button, then the status filter.
    const focused = (locator: ReturnType<Page['getByRole']>) =>
      locator.evaluate((element) => element === document.activeElement);
    await page.keyboard.press('Tab');
    expect(await focused(page.getByRole('button', { name: 'Clear search' }))).toBe(true);
    await page.keyboard.press('Tab');
    const status = page.getByRole('combobox', { name: 'Status' });
    expect(await focused(status)).toBe(true);
    await status.selectOption({ label: 'Awaiting Signature' });
    await page.waitForURL(/[?&]status=sent/);
    expect(await resultNames(page, '1 contract matches')).toEqual(['Lee Smithers']);

    // A reload, or a link someone was sent, shows the same search.
    await page.reload();
    expect(await resultNames(page, '1 contract matches')).toEqual(['Lee Smithers']);
    expect(await box.inputValue()).toBe('smith');
    expect(await status.inputValue()).toBe('sent');

    // Accents and case do not matter; an address is searched too.
    await page.getByRole('button', { name: 'Clear search' }).click();
    await status.selectOption({ label: 'All statuses' });
    await box.fill('MUNOZ oak');
    await page.waitForURL(/q=MUNOZ/);
    expect(await resultNames(page, '1 contract matches')).toEqual(['José Muñoz']);

    // Nothing found says so, with the words asked for, and offers the whole list back.
    await box.fill('smyth');
    await page.getByText('No contracts match "smyth"').waitFor();
    await page.getByRole('button', { name: 'Show all contracts' }).click();
    await page.getByRole('heading', { name: 'Drafts (1)' }).waitFor();
    expect(await box.inputValue()).toBe('');
    expect(new URL(page.url()).search).toBe('');

    // Escape clears the box, and the sections come back.
    await box.focus();
    await page.keyboard.type('dana');
    await page.waitForURL(/q=dana/);
    expect(await resultNames(page, '1 contract matches')).toEqual(['Dana Smith']);
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: 'Awaiting Signature (1)' }).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBeNull();

    // The bar fits a phone: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });

  it('copies a sent contract into a new draft that opens in the wizard', async () => {
    const base = running.app().url;
    const { page } = await signedInAccount(running, {
      company: 'Copy Fencing',
      viewport: DESKTOP,
    });
    const client = { name: 'Neighbour Nell', email: uniqueEmail('nell') };
    const id = await sendContractByApi(page, base, client);

    await page.goto(`/contracts/${id}`);
    const copy = page.getByRole('group', { name: 'Contract actions' }).getByRole('button', {
      name: 'Copy',
    });
    await copy.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/wizard\?id=\d+/);
    const copyId = Number(new URL(page.url()).searchParams.get('id'));
    expect(copyId).toBeGreaterThan(id);
    await waitForToast(page, `Contract #${copyId} is a new draft copied from Contract #${id}`);
    await page.getByText('AI-Formatted Scope').waitFor();

    const made = await page.request.get(`${base}/api/contracts/${copyId}`);
    expect(await made.json()).toMatchObject({
      status: 'draft',
      client_name: 'Neighbour Nell',
      client_email: client.email,
      total_price_cents: 500_000,
      my_signed_at: null,
      template_html: null,
    });

    // The copy waits with the drafts; the original still awaits its client's signature.
    await page.goto('/');
    await page
      .getByRole('region', { name: 'Drafts' })
      .getByRole('link', { name: `Contract #${copyId}, draft for Neighbour Nell: continue` })
      .waitFor();
    await page
      .getByRole('region', { name: 'Awaiting Signature' })
      .getByRole('link', { name: `Contract #${id}, Awaiting Signature, for Neighbour Nell: open` })
      .waitFor();
  });
});
