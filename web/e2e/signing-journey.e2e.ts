import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../src/test/pdf-text';
import { newPage, PHONE, settled, uniqueEmail } from './support/browser';
import { workerApp } from './support/worker';
import { drawSignature, field, signedInAccount, signedInPage, waitForToast } from './support/flows';
import { scopeCleanedUp } from './support/toast-at-rest';
import { setDefaultTemplateInDatabase } from './support/legacy-data';

const running = workerApp();

async function acceptLegal(page: Page, name: string) {
  await page.goto('/settings/legal');
  await page.getByLabel('I have read and accept this acknowledgment').check();
  await field(page, 'Type your full name').fill(name);
  await page.getByRole('button', { name: 'Submit Acknowledgment' }).click();
  await page.getByText('Acknowledgment Complete').waitFor();
}

/** The wizard from notes to Sign & Send, for a client at this address. */
async function sendContract(page: Page, clientEmail: string) {
  await page.goto('/wizard');
  const notes = page.getByPlaceholder('e.g., Install irrigation system');
  await notes.fill('install drip irrigation in the front beds');
  await notes.press('Enter');
  await page.getByRole('button', { name: 'Clean Up Scope with AI' }).click();
  await scopeCleanedUp(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await field(page, 'Client Name').fill('Jordan Rivera');
  await field(page, 'Email Address').fill(clientEmail);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Total Contract Price').fill('4200');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Step 4 of 5').waitFor();
  // The preview grows to its document's height once loaded, which moves Next down the page: a
  // click before that can land on the contract instead (as first-contract.e2e.ts waits too).
  await page
    .frameLocator('iframe[title="Contract preview"]')
    .getByText('Jordan Rivera')
    .first()
    .waitFor();
  await settled(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Step 5 of 5').waitFor();
  await drawSignature(page);
  await page.getByRole('button', { name: 'Sign & Send to Client' }).click();
}

async function contractIdOf(page: Page): Promise<number> {
  const answer = await page.request.get(`${running.app().url}/api/contracts`);
  const [first] = (await answer.json()) as { id: number }[];
  return first?.id ?? 0;
}

function linkIn(text: string): string {
  const match = /https?:\/\/\S+\/esign\/[A-Za-z0-9_-]{43}/.exec(text);
  if (!match) throw new Error(`no signing link in: ${text.slice(0, 300)}`);
  return match[0];
}

describe('the whole signing journey', () => {
  it('goes from the wizard to a signed contract in both inboxes', async () => {
    const { page: contractor, email: contractorEmail } = await signedInAccount(running, {
      company: 'Journey Landscaping',
    });
    const clientEmail = uniqueEmail('jordan.journey');
    await sendContract(contractor, clientEmail);
    // Sending needs the legal acknowledgment first; nothing is lost meanwhile.
    await waitForToast(contractor, 'legal acknowledgment');
    await acceptLegal(contractor, 'Casey Journey');
    await contractor.goto('/');
    await contractor.getByRole('link', { name: /draft for Jordan Rivera/ }).click();
    for (let step = 1; step < 5; step += 1)
      await contractor.getByRole('button', { name: 'Next' }).click();
    await contractor.getByRole('button', { name: 'Sign & Send to Client' }).click();
    const shownToast = await waitForToast(contractor, 'Contract sent!');
    expect(shownToast).toContain('Client will receive an email to sign');
    await contractor.getByRole('heading', { name: 'Awaiting Signature (1)' }).waitFor();

    const invitation = await running
      .smtp()
      .waitFor((mail) => mail.to.includes(clientEmail), 15_000);
    expect(invitation.subject).toBe('Journey Landscaping sent you a contract to sign');
    const link = linkIn(invitation.text);
    expect(invitation.html).toContain(link);

    // The homeowner, on a phone, in a browser that has never seen the app.
    const { page: homeowner } = await newPage(running.browser(), running.app().url, PHONE);
    await homeowner.goto(link);
    await homeowner.getByText('Secure Contract Signature').waitFor();
    await homeowner
      .frameLocator('iframe[title="Contract"]')
      .getByText('Jordan Rivera')
      .first()
      .waitFor();
    expect(await homeowner.getByRole('navigation', { name: 'Main' }).count()).toBe(0);

    // The whole ESIGN notice is there to read before the box, and the contract to keep as a PDF.
    await homeowner.getByRole('heading', { name: 'Withdrawing your consent' }).waitFor();
    await homeowner.getByText('There is no fee for withdrawing your consent.').waitFor();
    const unsigned = homeowner.getByRole('link', { name: 'Download this contract (PDF)' });
    expect(await unsigned.getAttribute('href')).toMatch(/^\/api\/esign\/[A-Za-z0-9_-]{43}\/pdf$/);

    // The name under the signature is the signer's own: filled in, corrected, never blank.
    const signerName = field(homeowner, 'Your full name');
    expect(await signerName.inputValue()).toBe('Jordan Rivera');
    await signerName.fill('  ');
    await drawSignature(homeowner, /Sign below to accept/);
    await homeowner.getByRole('button', { name: 'Sign Contract' }).click();
    await homeowner.getByText('Please agree to sign electronically').waitFor();
    await homeowner.getByText('Please type your full name').waitFor();
    await homeowner
      .getByLabel('I have read this notice and I can open PDF files. I agree to use electronic')
      .check();
    await signerName.fill('Jordan A. Rivera');
    // The signature is held on its way, so the button's pending state can be seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await homeowner.route('**/api/esign/*', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    await homeowner.getByRole('button', { name: 'Sign Contract' }).click();
    const pending = homeowner.getByRole('button', { name: 'Signing...' });
    await pending.waitFor();
    expect(await pending.isDisabled()).toBe(true);
    release();
    await waitForToast(homeowner, 'Contract signed successfully!');
    await homeowner.getByRole('heading', { name: 'Contract Signed!' }).waitFor();
    await homeowner
      .getByText('Thank you for signing the contract. You will receive a copy via email shortly.')
      .waitFor();

    // Both parties get the sealed executed copy as a PDF, printed off the request path.
    const clientCopy = await running
      .smtp()
      .waitFor(
        (mail) => mail.to.includes(clientEmail) && mail.subject.startsWith('Signed:'),
        30_000,
      );
    const pdf = clientCopy.attachments.find(
      (attachment) => attachment.contentType === 'application/pdf',
    );
    expect(pdf).toBeDefined();
    const { text } = await pdfText(pdf?.content ?? Buffer.alloc(0));
    expect(text).toContain('Jordan A. Rivera');
    expect(text).toContain('Signature Certificate');
    await running
      .smtp()
      .waitFor(
        (mail) => mail.subject.startsWith('Signed:') && mail.to.includes(contractorEmail),
        15_000,
      );

    // Anyone holding the file can check it on the public verification page.
    const { page: checker } = await newPage(running.browser(), running.app().url, PHONE);
    await checker.goto('/verify');
    await checker.locator('input[type="file"]').setInputFiles({
      name: 'contract.pdf',
      mimeType: 'application/pdf',
      buffer: pdf?.content ?? Buffer.alloc(0),
    });
    await checker.getByText('Genuine executed copy').waitFor();

    // The link stays readable, showing the signed state and the sealed copy to download.
    await homeowner.reload();
    await homeowner.getByRole('heading', { name: 'Contract Signed!' }).waitFor();
    await homeowner.getByRole('link', { name: 'Download your signed copy (PDF)' }).waitFor();

    await contractor.goto('/');
    await contractor.getByRole('heading', { name: 'Completed (1)' }).waitFor();
    const download = await contractor.request.get(
      `${running.app().url}/api/contracts/${await contractIdOf(contractor)}/executed.pdf`,
    );
    expect(download.headers()['content-type']).toBe('application/pdf');
    expect((await download.body()).equals(pdf?.content ?? Buffer.alloc(0))).toBe(true);
    await contractor.getByRole('link', { name: /, Completed, for Jordan Rivera: open$/ }).click();
    await contractor.getByText('Client signed').waitFor();
    await contractor.getByRole('link', { name: 'Download executed copy (PDF)' }).waitFor();
    await contractor.getByText('Client opened the contract').first().waitFor();
  });

  it('shows Invalid or Expired Link for a bad token', async () => {
    const { page } = await newPage(running.browser(), running.app().url, PHONE);
    await page.goto(`/esign/${'A'.repeat(43)}`);
    await page.getByRole('heading', { name: 'Invalid or Expired Link' }).waitFor();
    await page
      .getByText(
        'This signature link is no longer valid. Please contact the sender for a new link.',
      )
      .waitFor();
  });

  it('runs no script from a hostile template on the signing page', async () => {
    const contractor = await signedInPage(running, { company: 'Hostile Builders' });
    await acceptLegal(contractor, 'Hostile Person');
    const base = running.app().url;
    const hostile =
      '<h1>Contract for {{client.name}}</h1><script>window.parent.__pwned = 1; alert(1)</script>' +
      '<img src="x" onerror="window.parent.__pwned = 2; alert(2)"><svg onload="alert(3)"></svg>' +
      '<a href="javascript:alert(4)">click</a><p>{{money contract.total_cents}}</p>';
    const refused = await contractor.request.post(`${base}/api/templates`, {
      data: { name: 'Hostile', html: hostile, is_preset: true },
      headers: { origin: base },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain('<script> is removed: a contract cannot run code');
    // A template saved before the document policy: sending freezes it under the policy.
    const { user } = (await (await contractor.request.get(`${base}/api/auth/user`)).json()) as {
      user: { email: string };
    };
    await setDefaultTemplateInDatabase(running.app(), user.email, hostile);
    const victimEmail = uniqueEmail('victim');
    await sendContract(contractor, victimEmail);
    await waitForToast(contractor, 'Contract sent!');
    const mail = await running
      .smtp()
      .waitFor((message) => message.to.includes(victimEmail), 15_000);

    const { page } = await newPage(running.browser(), running.app().url, PHONE);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(linkIn(mail.text));
    const frame = page.frameLocator('iframe[title="Contract"]');
    await frame.getByText('Contract for Jordan Rivera').waitFor();
    await frame.getByText('click').click();
    await page.waitForTimeout(500);
    expect(dialogs).toEqual([]);
    expect(
      await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
    ).toBeUndefined();

    // When the signature cannot reach the server, the homeowner is told and loses nothing.
    await page.route('**/api/esign/**', (route) =>
      route.request().method() === 'POST' ? route.abort('connectionrefused') : route.continue(),
    );
    await page.getByLabel('I agree to use electronic records and signatures').check();
    await drawSignature(page, /Sign below to accept/);
    await page.getByRole('button', { name: 'Sign Contract' }).click();
    const shownToast = await waitForToast(page, 'Error signing contract');
    expect(shownToast).toContain('Please try again');
    expect(
      await page.getByLabel('I agree to use electronic records and signatures').isChecked(),
    ).toBe(true);
    await page.getByRole('img', { name: /Sign below to accept: signed/ }).waitFor();
  });
});
