import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Contract } from '../../src/domain/contracts.schemas';
import { sendableDraft, TEST_SIGNATURE_PNG } from '../../src/test/factories';
import { openAppDatabase } from './support/app-database';
import { settled, uniqueEmail } from './support/browser';
import { workerApp } from './support/worker';
import { drawSignature, field, signedInAccount, waitForToast } from './support/flows';
import { scopeCleanedUp } from './support/toast-at-rest';

/**
 * Both homeowners sign (issue 37), the contractor's side on a 390 px phone: another signer added
 * in the wizard's step 2 with the keyboard, in order, checked, saved and found again, named in the
 * preview and sent with the contract; the contract page's signers and the card's count.
 */
const running = workerApp();

const next = (page: Page) => page.getByRole('button', { name: 'Next' });
const signer = (page: Page, number: number) =>
  page.getByRole('group', { name: `Signer ${number}` });
const isFocused = (page: Page, label: RegExp, number: number) =>
  signer(page, number)
    .getByLabel(label)
    .evaluate((input) => input === document.activeElement);

/** Step 1 done by the built-in rules, then step 2 with the client filled in. */
async function toClientStep(page: Page, clientEmail: string) {
  await page.goto('/wizard');
  const notes = page.getByPlaceholder('e.g., Install irrigation system');
  await notes.fill('replace the roof shingles and flashing');
  await notes.press('Enter');
  await page.getByRole('button', { name: 'Clean Up Scope with AI' }).click();
  await scopeCleanedUp(page);
  await next(page).click();
  await page.getByText('Step 2 of 5').waitFor();
  await field(page, 'Client Name').fill('Jordan Rivera');
  await field(page, 'Email Address').fill(clientEmail);
}

describe('another signer in the wizard', () => {
  it('is added with the keyboard, checked, signs in order, is kept with the draft and is sent', async () => {
    const { page } = await signedInAccount(running, { company: 'Two Owners Roofing' });
    const base = running.app().url;
    const clientEmail = uniqueEmail('jordan.owner');
    const danaEmail = uniqueEmail('dana.owner');
    await toClientStep(page, clientEmail);

    // "Add another signer" by the keyboard: the new signer's name takes the focus.
    const add = page.getByRole('button', { name: 'Add another signer' });
    await add.focus();
    await page.keyboard.press('Enter');
    await signer(page, 2).waitFor();
    await expect.poll(() => isFocused(page, /^Name/, 2)).toBe(true);
    await page.keyboard.type('D');
    await page.keyboard.press('Tab');
    await page.keyboard.type(clientEmail.toUpperCase());
    await page.keyboard.press('Tab');
    // The client's own messages, and one email for two people refused.
    await signer(page, 2).getByText('Name must be at least 2 characters').waitFor();
    await signer(page, 2).getByText('Each signer needs an email address of their own').waitFor();
    expect(await next(page).isDisabled()).toBe(true);
    await page.getByText('Enter each signer’s name and email').waitFor();
    await signer(page, 2).getByLabel(/^Name/).fill('Dana Smith');
    await page.getByText('Each signer needs an email address of their own').first().waitFor();
    await signer(page, 2)
      .getByLabel(/^Email Address/)
      .fill(danaEmail);
    await signer(page, 2)
      .getByLabel(/^Phone Number/)
      .click();
    expect(await page.getByText('Each signer needs an email address of their own').count()).toBe(0);

    // Four signers in all: the button goes at the fourth, and Remove gives the focus back to it.
    await add.click();
    await add.click();
    await signer(page, 4).waitFor();
    expect(await add.count()).toBe(0);
    await signer(page, 4).getByRole('button', { name: 'Remove signer 4' }).click();
    await signer(page, 3).getByRole('button', { name: 'Remove signer 3' }).click();
    await expect.poll(() => add.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await signer(page, 3).count()).toBe(0);

    // In order, by the keyboard; the line under it says what it means.
    const inOrder = page.getByRole('switch', { name: 'Sign in this order' });
    await page.getByText('Everyone gets their link at once').waitFor();
    await inOrder.focus();
    await page.keyboard.press('Space');
    expect(await inOrder.isChecked()).toBe(true);
    await page.getByText('Each signer gets their link after the one before signs').waitFor();
    expect(await next(page).isDisabled()).toBe(false);

    await next(page).click();
    await page.getByLabel('Total Contract Price').fill('12000');
    await next(page).click();
    await page.getByText('Step 4 of 5').waitFor();
    await page.getByText('Signers: Jordan Rivera, Dana Smith (in this order)').waitFor();
    await page
      .frameLocator('iframe[title="Contract preview"]')
      .getByText('Jordan Rivera')
      .first()
      .waitFor();
    await settled(page);
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await waitForToast(page, 'Draft saved');
    await page.waitForURL(/\/wizard\?id=\d+/);
    const id = Number(new URL(page.url()).searchParams.get('id'));

    // Reopened from the list, the other signer and the order are there.
    await page.goto('/');
    await page.getByRole('link', { name: new RegExp(`Contract #${id}, draft`) }).click();
    await page.waitForURL(`**/wizard?id=${id}`);
    await next(page).click();
    await page.getByText('Step 2 of 5').waitFor();
    expect(await signer(page, 2).getByLabel(/^Name/).inputValue()).toBe('Dana Smith');
    expect(
      await signer(page, 2)
        .getByLabel(/^Email Address/)
        .inputValue(),
    ).toBe(danaEmail);
    expect(await page.getByRole('switch', { name: 'Sign in this order' }).isChecked()).toBe(true);

    // Sign & Send carries the other signer and the order with the client.
    const accepted = await page.request.post(`${base}/api/acceptances`, {
      data: { type: 'legal_disclaimer', typed_name: 'Casey Green' },
      headers: { origin: base },
    });
    expect(accepted.ok()).toBe(true);
    await next(page).click();
    await next(page).click();
    await page.getByText('Step 4 of 5').waitFor();
    await settled(page);
    await next(page).click();
    await page.getByText('Step 5 of 5').waitFor();
    await page.getByText('Signers: Jordan Rivera, Dana Smith (in this order)').waitFor();
    await page
      .getByText('Jordan Rivera receives a secure link first; each next signer gets their own link')
      .waitFor();
    await drawSignature(page);
    const sending = page.waitForRequest((request) => request.url().includes('contracts.send'));
    await page.getByRole('button', { name: 'Sign & Send to Client' }).click();
    const sent = (await sending).postData() ?? '';
    expect(sent).toContain(`"co_signers":[{"name":"Dana Smith","email":"${danaEmail}"`);
    expect(sent).toContain('"signing_order":"in_order"');
    await waitForToast(page, 'Contract sent!');
    const answer = await page.request.get(`${base}/api/contracts/${id}`);
    const contract = (await answer.json()) as Contract;
    expect(contract.status).toBe('sent');
    expect(contract.signing_order).toBe('in_order');
  });
});

describe("a sent contract's signers", () => {
  it('are listed on its page with where each stands, and counted on its card', async () => {
    const { page } = await signedInAccount(running, { company: 'Shared Title Decks' });
    const base = running.app().url;
    const post = async (url: string, data: unknown) => {
      const answer = await page.request.post(`${base}${url}`, { data, headers: { origin: base } });
      if (!answer.ok()) throw new Error(`${url}: ${answer.status()} ${await answer.text()}`);
      return (await answer.json()) as Contract;
    };
    const client = { name: 'Jordan Rivera', email: uniqueEmail('jordan.deck') };
    const dana = { name: 'Dana Smith', email: uniqueEmail('dana.deck'), phone: null };
    await post('/api/acceptances', { type: 'legal_disclaimer', typed_name: 'Casey Green' });
    const { id } = await post('/api/contracts', {
      ...sendableDraft(client),
      co_signers: [dana],
      signing_order: 'in_order',
    });
    await post(`/api/contracts/${id}/sign-mine`, { signature: TEST_SIGNATURE_PNG });
    await post(`/api/contracts/${id}/send`, {
      client_data: client,
      co_signers: [dana],
      signing_order: 'in_order',
    });

    // The first signed, the second's turn not come: as the signing leaves them (issue 37).
    const database = openAppDatabase(running.app());
    try {
      // A send that already made the signers' rows keeps them; one that did not gets them here.
      const rows = await database.sql.value<number>(
        'SELECT count(*) AS n FROM contract_signers WHERE contract_id = ?',
        id,
      );
      const people = [client, dana].slice(Number(rows));
      for (const [index, person] of people.entries()) {
        await database.sql.run(
          `INSERT INTO contract_signers (contract_id, position, name, email, language)
           VALUES (?, ?, ?, ?, 'en')`,
          id,
          Number(rows) + index + 1,
          person.name,
          person.email,
        );
      }
      await database.sql.run(
        `UPDATE contract_signers SET invited_at = ?, first_viewed_at = ?, last_viewed_at = ?,
           view_count = 2, signed_at = ?, signed_name = name
         WHERE contract_id = ? AND position = 1`,
        '2026-12-01T10:00:00.000Z',
        '2026-12-01T11:00:00.000Z',
        '2026-12-02T08:00:00.000Z',
        '2026-12-02T08:05:00.000Z',
        id,
      );
      await database.sql.run(
        'UPDATE contract_signers SET invited_at = NULL WHERE contract_id = ? AND position = 2',
        id,
      );
      await database.sql.run(
        'UPDATE contracts SET signer_count = 2, signers_signed = 1 WHERE id = ?',
        id,
      );
    } finally {
      await database.close();
    }

    await page.goto(`/contracts/${id}`);
    const section = page.getByRole('region', { name: 'Signers' });
    await section
      .getByText('In this order: each gets their link after the one before signs')
      .waitFor();
    const [first, second] = await section.getByRole('listitem').all();
    if (!first || !second) throw new Error('two signers expected');
    await first.getByText('1. Jordan Rivera').waitFor();
    await first.getByText('Signed', { exact: true }).waitFor();
    await first.getByText(/^Signed Dec [12], 2026, /).waitFor();
    await first.getByText(/^Opened 2 times, last /).waitFor();
    await second.getByText('2. Dana Smith').waitFor();
    await second.getByText(dana.email).waitFor();
    await second.getByText('Waiting for their turn').waitFor();
    await second.getByText('Gets their link once the signer before them signs').waitFor();
    // Nothing of the section runs off a phone's screen.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);

    await page.goto('/');
    const card = page.getByRole('link', { name: new RegExp(`Contract #${id}, Awaiting`) });
    await card.getByText('1 of 2 signed').waitFor();
  });
});
