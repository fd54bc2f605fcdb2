import { describe, expect, it } from 'vitest';
import { workerApp } from './support/worker';
import { signedInPage, waitForToast } from './support/flows';

/**
 * Settings → API (issue 19) on a 390 px phone, by keyboard where a person would: a key is made,
 * shown once and works as `Authorization: Bearer`; after a reload only its first characters
 * remain; revoked, it is refused.
 */
const running = workerApp();

describe('API keys in settings', () => {
  it('makes a key that works once copied, shows it only once, and revokes it', async () => {
    const base = running.app().url;
    const page = await signedInPage(running, { company: 'Keyed Kitchens' });
    await page.goto('/settings/api');
    await page.getByRole('heading', { name: 'API' }).waitFor();
    await page.getByText('No keys yet.').waitFor();

    // A name is needed.
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByText('Give the key a name, like the tool that will use it').waitFor();
    await page.getByLabel('Key name').fill('QuickBooks sync');
    await page.getByLabel('Key name').press('Enter');
    const shown = page.getByLabel('New API key');
    await shown.waitFor();
    const key = (await shown.textContent())?.trim() ?? '';
    expect(key).toMatch(/^tsk_[a-z2-7]{16}_[a-z2-7]{52}$/);
    await page.getByText('Keys in use (1)').waitFor();
    await page.screenshot({ path: '/tmp/api-key-created.png', fullPage: true });
    // Nothing sticks out of a phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    const call = (bearer: string) =>
      fetch(`${base}/api/contracts`, { headers: { authorization: `Bearer ${bearer}` } });
    expect((await call(key)).status).toBe(200);

    // After a reload the key is gone from the page: only its first characters are listed.
    await page.reload();
    await page.getByText('QuickBooks sync').waitFor();
    expect(await page.getByLabel('New API key').count()).toBe(0);
    expect(await page.content()).not.toContain(key.slice(21));
    await page.getByText(`${key.slice(0, 12)}…`).waitFor();
    await page.getByText(/^Last used /).waitFor();
    await page.screenshot({ path: '/tmp/api-key-listed.png', fullPage: true });

    await page.getByRole('button', { name: 'Revoke QuickBooks sync' }).click();
    await page.getByRole('button', { name: 'Revoke QuickBooks sync now' }).click();
    await waitForToast(page, 'Calls with it are refused from now on');
    await page.getByText('No keys yet.').waitFor();
    await page.screenshot({ path: '/tmp/api-key-revoked.png', fullPage: true });
    expect((await call(key)).status).toBe(401);
  });
});
