import { describe, expect, it } from 'vitest';
import { openAppDatabase } from './support/app-database';
import { newPage } from './support/browser';
import { workerApp } from './support/worker';
import { signedInPage, signUpByApi } from './support/flows';

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
    const userId = await database.sql.value<number>('SELECT id FROM users WHERE email = ?', email);
    // One statement: all 130 appear at once.
    const rows = Array.from({ length: 130 }, (_, i) => {
      const at = new Date(Date.UTC(2026, 9, 1, 0, i + 1)).toISOString();
      return [userId, `Client ${i + 1}`, at, at];
    });
    await database.sql.run(
      `INSERT INTO contracts (user_id, status, client_name, created_at, updated_at)
       VALUES ${rows.map(() => "(?, 'draft', ?, ?, ?)").join(', ')}`,
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
