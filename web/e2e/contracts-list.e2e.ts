import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqlite } from '../../src/db/kysely';
import { newPage, startAppAndBrowserPerFile, uniqueEmail } from './support/browser';
import { completeOnboarding, signUpThroughUi } from './support/flows';

const running = startAppAndBrowserPerFile();

describe('the contracts list', () => {
  it('groups drafts, awaiting signature and completed contracts with their badges', async () => {
    const { page } = await newPage(running.browser(), running.app().url);
    await signUpThroughUi(page, {
      company: 'List Landscaping',
      email: uniqueEmail('list'),
      password: 'secret123',
    });
    await completeOnboarding(page);

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
    const sqlite = openSqlite(path.join(running.app().dataDir, 'app.db'));
    const setStatus = sqlite.prepare('UPDATE contracts SET status = ?, sent_at = ? WHERE id = ?');
    setStatus.run('sent', '2026-11-20T15:00:00.000Z', ids[1]);
    setStatus.run('signed', '2026-11-19T15:00:00.000Z', ids[2]);
    setStatus.run('completed', '2026-11-18T15:00:00.000Z', ids[3]);
    sqlite.close();

    await page.goto('/');
    await page.getByRole('heading', { name: 'Drafts (1)' }).waitFor();
    await page.getByRole('heading', { name: 'Awaiting Signature (1)' }).waitFor();
    await page.getByRole('heading', { name: 'Completed (2)' }).waitFor();

    const awaiting = page.getByRole('region', { name: 'Awaiting Signature' });
    const sentCard = awaiting.getByRole('article', { name: `Contract #${ids[1]}` });
    await sentCard.getByText('Awaiting Signature', { exact: true }).waitFor();
    await sentCard.getByText('Sent Nov 20, 2026').waitFor();
    await sentCard.getByText('$1,234.56').waitFor();
    await sentCard.getByText('Sent Client').waitFor();
    // Only drafts are links; a sent contract's card offers just its read-only View.
    expect(await awaiting.getByRole('link').allTextContents()).toEqual(['View']);

    const completed = page.getByRole('region', { name: 'Completed' });
    expect(await completed.getByText('Completed', { exact: true }).count()).toBe(2);
    expect(await completed.getByRole('link').allTextContents()).toEqual(['View', 'View']);

    const drafts = page.getByRole('region', { name: 'Drafts' });
    await drafts
      .getByRole('link', { name: new RegExp(`Contract #${ids[0]}, draft for Draft Client`) })
      .waitFor();
  });
});
