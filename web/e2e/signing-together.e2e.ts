import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, PHONE, uniqueEmail } from './support/browser';
import { drawSignature, signedInPage } from './support/flows';
import { sendContractByApi, signingLinkIn } from './support/send-by-api';
import { workerApp } from './support/worker';

/**
 * Both homeowners sign (issue 37), each on their own 390 px phone: together (one sealed copy with
 * both signatures to all three), in order (the second is mailed only when the first has signed),
 * and a decline by the second after the first signed (everyone is told).
 */
const running = workerApp();

const mailTo = (address: string, subject: string | RegExp, timeoutMs = 20_000) =>
  running
    .smtp()
    .waitFor(
      (mail) =>
        mail.to.includes(address) &&
        (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject)),
      timeoutMs,
    );

async function homeownerAt(link: string): Promise<Page> {
  const { page } = await newPage(running.browser(), running.app().url, PHONE);
  await page.goto(link);
  return page;
}

/** Signs on the page as the homeowner does: consent, their name as offered, the pad. */
async function signOn(page: Page, name: string) {
  await page.getByLabel('I agree to use electronic records and signatures').check();
  expect(await page.getByLabel(/Your full name/).inputValue()).toBe(name);
  await drawSignature(page, /Sign below to accept/);
  await page.getByRole('button', { name: 'Sign Contract' }).click();
  await page.getByRole('heading', { name: 'Contract Signed!' }).waitFor();
}

function couple(label: string) {
  const first = { name: 'Dana Homeowner', email: uniqueEmail(`${label}-dana`) };
  const second = { name: 'Alex Homeowner', email: uniqueEmail(`${label}-alex`) };
  return { first, second };
}

describe('several homeowners signing one contract', () => {
  it('together: each signs on their own link, and all three get one sealed copy', async () => {
    const base = running.app().url;
    const contractor = await signedInPage(running, { company: 'Twin Oaks Decks' });
    const { first, second } = couple('together');
    const id = await sendContractByApi(contractor, base, first, {
      draft: { co_signers: [second], signing_order: 'together' },
    });
    const subject = 'Twin Oaks Decks sent you a contract to sign';
    const [toFirst, toSecond] = await Promise.all([
      mailTo(first.email, subject),
      mailTo(second.email, subject),
    ]);
    expect(signingLinkIn(toFirst.text)).not.toBe(signingLinkIn(toSecond.text));
    expect(toSecond.text).toContain('Alex Homeowner');

    const dana = await homeownerAt(signingLinkIn(toFirst.text));
    await dana.getByText('Who signs').waitFor();
    await dana.getByText('Prepared for Dana Homeowner and Alex Homeowner').waitFor();
    await signOn(dana, 'Dana Homeowner');
    await dana
      .getByText(
        'Waiting for Alex Homeowner to sign. Everyone gets the signed copy by email once all have signed.',
      )
      .waitFor();
    // Their own line in "Who signs" follows, without a reload.
    await dana.getByText('Dana Homeowner (you): Signed', { exact: true }).waitFor();
    await dana.screenshot({ path: '/tmp/co-signers-first-signed.png', fullPage: false });

    const alex = await homeownerAt(signingLinkIn(toSecond.text));
    await alex.getByText(/^Dana Homeowner: Signed on /).waitFor();
    await alex.screenshot({ path: '/tmp/co-signers-second-opens.png', fullPage: false });
    await signOn(alex, 'Alex Homeowner');
    await alex
      .getByText('Thank you for signing the contract. You will receive a copy via email shortly.')
      .waitFor();

    // One sealed PDF, to each of the three.
    const copies = await Promise.all(
      [first.email, second.email].map((address) =>
        mailTo(address, `Signed: Contract #${id} with Twin Oaks Decks`, 90_000),
      ),
    );
    const pdfs = copies.map((mail) =>
      mail.attachments.find((file) => /\.pdf$/.test(file.filename)),
    );
    expect(pdfs.every((pdf) => pdf !== undefined)).toBe(true);
    expect(pdfs[0]?.content.equals(pdfs[1]?.content ?? Buffer.alloc(0))).toBe(true);
    const contractorCopy = await running
      .smtp()
      .waitFor((mail) => mail.subject.startsWith(`Signed: Contract #${id} with`), 90_000);
    expect(contractorCopy.attachments.some((file) => /\.pdf$/.test(file.filename))).toBe(true);

    // The contractor's page lists both as signed.
    await contractor.goto(`${base}/contracts/${id}`);
    await contractor.getByText('Alex Homeowner').first().waitFor();
  });

  it('in order: the second is mailed only once the first has signed, then signs', async () => {
    const base = running.app().url;
    const contractor = await signedInPage(running, { company: 'Ordered Oaks' });
    const { first, second } = couple('ordered');
    await sendContractByApi(contractor, base, first, {
      draft: { co_signers: [second], signing_order: 'in_order' },
    });
    const subject = 'Ordered Oaks sent you a contract to sign';
    const toFirst = await mailTo(first.email, subject);
    // Nobody mails the second signer yet.
    await expect(mailTo(second.email, subject, 1_500)).rejects.toThrow();

    const dana = await homeownerAt(signingLinkIn(toFirst.text));
    await dana.getByText(/^Alex Homeowner: Waits for their turn/).waitFor();
    await signOn(dana, 'Dana Homeowner');

    const toSecond = await mailTo(second.email, subject);
    const alex = await homeownerAt(signingLinkIn(toSecond.text));
    await signOn(alex, 'Alex Homeowner');
  });

  it('a decline by the second after the first signed ends it, and everyone is told', async () => {
    const base = running.app().url;
    const contractor = await signedInPage(running, { company: 'Declined Oaks' });
    const { first, second } = couple('declined');
    const id = await sendContractByApi(contractor, base, first, {
      draft: { co_signers: [second], signing_order: 'together' },
    });
    const subject = 'Declined Oaks sent you a contract to sign';
    const [toFirst, toSecond] = await Promise.all([
      mailTo(first.email, subject),
      mailTo(second.email, subject),
    ]);
    const dana = await homeownerAt(signingLinkIn(toFirst.text));
    await signOn(dana, 'Dana Homeowner');

    const alex = await homeownerAt(signingLinkIn(toSecond.text));
    await alex.getByRole('button', { name: 'Decline to sign' }).click();
    const dialog = alex.getByRole('dialog', { name: 'Decline this contract?' });
    const reason = 'We want to wait until spring for the deck.';
    await dialog.getByLabel(/Your reason/).fill(reason);
    await dialog.getByRole('button', { name: 'Decline contract' }).click();
    await alex.getByRole('heading', { name: 'Contract Declined' }).waitFor();

    const toDana = await mailTo(first.email, `Alex Homeowner declined to sign contract #${id}`);
    expect(toDana.text).toContain(reason);
    expect(toDana.text).toContain('You had already signed it.');
    const toContractor = await running
      .smtp()
      .waitFor((mail) => mail.subject === `Alex Homeowner declined Contract #${id}`, 20_000);
    expect(toContractor.text).toContain(reason);
    // Dana's link now says the contract was declined.
    await dana.reload();
    await dana.getByRole('heading', { name: 'Contract Declined' }).waitFor();
  });
});
