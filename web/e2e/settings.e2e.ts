import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { workerApp } from './support/worker';
import { field, signedInAccount, signedInPage, waitForToast } from './support/flows';

const running = workerApp();
const fixtures = path.join(import.meta.dirname, 'fixtures');

const signedInPhone = (label: string) => signedInPage(running, { company: `${label} Remodeling` });

async function chooseLogo(
  page: Page,
  buttonName: string,
  file: string | { name: string; mimeType: string; buffer: Buffer },
) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: buttonName }).click();
  await (await chooser).setFiles(typeof file === 'string' ? path.join(fixtures, file) : file);
}

describe('branding at phone width', () => {
  it('uploads a real logo that shows on the page and in the template preview, then removes it', async () => {
    const page = await signedInPhone('brand');
    await page.goto('/settings/branding');
    await chooseLogo(page, 'Upload Logo', 'logo.png');
    await waitForToast(page, 'Logo uploaded successfully');
    const logo = page.getByRole('img', { name: 'Company logo' });
    await logo.waitFor();
    await expect
      .poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBe(200);

    await page.goto('/templates');
    await page.getByRole('link', { name: 'Edit Standard Contract' }).click();
    await page.getByRole('button', { name: 'Show Preview' }).click();
    const previewLogo = page
      .frameLocator('iframe[title="Template preview"]')
      .getByRole('img', { name: /logo/ });
    await expect
      .poll(() => previewLogo.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBe(200);

    await page.goto('/settings/branding');
    await page.route('**/trpc/prefs.update**', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Remove' }).click();
    await waitForToast(page, 'Failed to remove logo');
    await logo.waitFor();
    await page.unroute('**/trpc/prefs.update**');

    await page.getByRole('button', { name: 'Remove' }).click();
    await waitForToast(page, 'Logo removed');
    await page.getByText('No logo').waitFor();
  });

  it('refuses a file that is not a PNG or JPEG, and one over 2MB, before uploading', async () => {
    const page = await signedInPhone('badlogo');
    await page.goto('/settings/branding');
    await chooseLogo(page, 'Upload Logo', {
      name: 'logo.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from('GIF89a'),
    });
    expect(await waitForToast(page, 'Invalid file type')).toContain(
      'Please upload a JPEG or PNG image',
    );

    const big = Buffer.alloc(2 * 1024 * 1024 + 1, 0);
    await chooseLogo(page, 'Upload Logo', { name: 'huge.png', mimeType: 'image/png', buffer: big });
    expect(await waitForToast(page, 'File too large')).toContain(
      'Please upload an image under 2MB',
    );
  });

  it('says "Upload failed" when the server refuses a disguised file', async () => {
    const page = await signedInPhone('disguised');
    await page.goto('/settings/branding');
    await chooseLogo(page, 'Upload Logo', 'not-an-image.png');
    await waitForToast(page, 'Upload failed');
    await page.getByText('No logo').waitFor();
  });

  it('saves company details with "Settings saved" and checks them', async () => {
    const page = await signedInPhone('details');
    await page.goto('/settings/branding');
    await field(page, 'Website').fill('not a url');
    await field(page, 'Email').fill('nope');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Invalid URL').waitFor();
    await page.getByText('Invalid email').waitFor();
    await field(page, 'Company Name').fill('X');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Company name must be at least 2 characters').waitFor();
    await field(page, 'Company Name').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Company name required').waitFor();

    await field(page, 'Company Name').fill('Details Remodeling LLC');
    await field(page, 'Website').fill('https://details.example');
    await field(page, 'Email').fill('office@details.example');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await waitForToast(page, 'Settings saved');
    await page.reload();
    expect(await field(page, 'Company Name').inputValue()).toBe('Details Remodeling LLC');
    expect(await field(page, 'Website').inputValue()).toBe('https://details.example');
  });
});

describe('the fee for a paper copy at phone width', () => {
  it('is typed in dollars, checked, saved with Enter and kept; emptied, it is no fee (issue 32)', async () => {
    const page = await signedInPhone('paperfee');
    await page.goto('/settings/branding');
    const fee = field(page, 'Fee for a paper copy');
    expect(await fee.inputValue()).toBe('');
    await page.getByText('Leave empty for no fee.').waitFor();
    await fee.fill('1500');
    await fee.press('Enter');
    await page.getByText('The fee is at most $1,000.00').waitFor();

    await fee.fill('');
    await fee.focus();
    await page.keyboard.type('$12.5');
    expect(await fee.inputValue()).toBe('12.5');
    await page.keyboard.press('Enter');
    await waitForToast(page, 'Settings saved');
    await page.reload();
    expect(await field(page, 'Fee for a paper copy').inputValue()).toBe('12.50');
    const saved = await page.request.get('/api/prefs');
    const prefs = (await saved.json()) as { paper_copy_fee_cents: number | null };
    expect(prefs.paper_copy_fee_cents).toBe(1250);

    await field(page, 'Fee for a paper copy').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await waitForToast(page, 'Settings saved');
    await page.reload();
    expect(await field(page, 'Fee for a paper copy').inputValue()).toBe('');
  });
});

describe('the company phone at phone width', () => {
  it('is required in Branding as at onboarding, and a cleared one is not saved (issue 31)', async () => {
    const page = await signedInPhone('phone');
    await page.goto('/settings/branding');
    const phone = field(page, 'Phone');
    expect(await phone.inputValue()).toBe('(555) 123-4567');
    expect(await phone.getAttribute('required')).not.toBeNull();
    await phone.fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Required', { exact: true }).waitFor();
    await phone.fill('call the office');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Enter a phone number').waitFor();
    await page.screenshot({ path: '/tmp/branding-phone-required.png', fullPage: true });
    await page.reload();
    expect(await field(page, 'Phone').inputValue()).toBe('(555) 123-4567');
  });
});

describe('the legal page at phone width', () => {
  it('needs the box ticked and a full name, then shows Acknowledgment Complete', async () => {
    const page = await signedInPhone('legal');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await page
      .getByRole('list', { name: 'Settings sections' })
      .getByRole('link', { name: 'Legal' })
      .click();
    await page.getByText('not a law firm').waitFor();

    const submit = page.getByRole('button', { name: 'Submit Acknowledgment' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('I have read and accept this acknowledgment').check();
    expect(await submit.isDisabled()).toBe(false);
    await field(page, 'Type your full name').fill('J');
    await submit.click();
    await page.getByText('Please type your full name').waitFor();

    await field(page, 'Type your full name').fill('Jamie Legal');
    await submit.click();
    const shownToast = await waitForToast(page, 'Acknowledgment recorded');
    expect(shownToast).toContain('You can now use all features');
    await page.getByText('Acknowledgment Complete').waitFor();
    await page.reload();
    await page.getByText('Acknowledgment Complete').waitFor();
    await page.getByText('Accepted by Jamie Legal').waitFor();
  });
});

/** The settings pages in the index's order. */
const SECTION_NAMES = [
  'Branding',
  'Legal',
  'Reminders & alerts',
  'Team',
  'Payments',
  'API',
  'Security',
];

describe('the settings index at phone width', () => {
  it('lists every settings page at /settings, each reached with the keyboard (issue 31)', async () => {
    const page = await signedInPhone('index');
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
    const sections = page.getByRole('list', { name: 'Settings sections' }).getByRole('link');
    // Issue 36, settings: Payments after Team.
    expect(await sections.count()).toBe(7);
    for (const name of SECTION_NAMES) {
      await sections.getByText(name, { exact: true }).waitFor();
    }
    // Sending needs the acknowledgment, and this account has not accepted it yet.
    await page.getByText('Needed before you send').waitFor();
    expect(await page.getByText('Page not found').count()).toBe(0);
    // Nothing wider than the phone to scroll sideways to.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await page.screenshot({ path: '/tmp/settings-index-phone.png', fullPage: true });

    // From the top of the page, Tab reaches each section in order; Enter opens it.
    await page.getByRole('heading', { name: 'Settings', exact: true }).click();
    const focusedName = () =>
      page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    const reached: string[] = [];
    for (let presses = 0; presses < 15 && reached.length < 7; presses += 1) {
      await page.keyboard.press('Tab');
      const name = await focusedName();
      if (name) reached.push(name);
    }
    expect(reached).toEqual(SECTION_NAMES);
    for (let back = 0; back < 4; back += 1) await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Reminders & alerts' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings/reminders');
  });
});

describe('the security page at phone width', () => {
  it('shows the sign-up and a refused sign-in, newest first, with device and address (issue 34)', async () => {
    const { page, email } = await signedInAccount(running, { company: 'Guard Roofing' });
    const base = running.app().url;
    const refused = await page.request.post(`${base}/api/auth/login`, {
      data: { email, password: 'a wrong guess' },
      headers: { origin: base },
    });
    expect(refused.status()).toBe(401);

    await page.goto('/settings/security');
    const log = page.getByRole('list', { name: 'Security log' });
    await log.waitFor();
    const lines = log.getByRole('listitem');
    expect(await lines.count()).toBe(2);
    await lines.nth(0).getByText('Sign-in refused: wrong password').waitFor();
    await lines.nth(1).getByText('Account created').waitFor();
    // When, on what, from where: the browser's address is the test network's.
    expect(await lines.nth(1).textContent()).toMatch(/ · Chrome on Linux · [\d.:a-f]+$/);
    expect(await page.getByRole('button', { name: 'Show older' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await page.screenshot({ path: '/tmp/settings-security-phone.png', fullPage: true });
  });
});
