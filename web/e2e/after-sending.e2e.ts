import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openAppDatabase } from './support/app-database';
import { newPage, PHONE, settled, uniqueEmail } from './support/browser';
import { workerApp } from './support/worker';
import { drawSignature, signedInPage, waitForToast } from './support/flows';
import { sendContractByApi, signingLinkIn } from './support/send-by-api';

/**
 * After sending (issue 17), on a 390 px phone for both parties: the client declines and the
 * contractor reads why; the contractor withdraws, revises and resends, and the client signs the
 * revision. Mail goes through a real SMTP server and is read there.
 */
const running = workerApp();

const mailTo = (address: string, subject: RegExp | string) =>
  running
    .smtp()
    .waitFor(
      (mail) =>
        mail.to.includes(address) &&
        (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject)),
      20_000,
    );

async function homeownerAt(link: string): Promise<Page> {
  const { page } = await newPage(running.browser(), running.app().url, PHONE);
  await page.goto(link);
  return page;
}

describe('after sending', () => {
  it('lets the client decline with a reason, which the contractor is emailed and sees', async () => {
    const base = running.app().url;
    const contractor = await signedInPage(running, { company: 'Decline Decks' });
    const client = { name: 'Dana Homeowner', email: uniqueEmail('dana') };
    const id = await sendContractByApi(contractor, base, client);
    const request = await mailTo(client.email, 'Decline Decks sent you a contract to sign');

    const homeowner = await homeownerAt(signingLinkIn(request.text));
    await homeowner.getByText('Secure Contract Signature').waitFor();
    // The first opening alerts the contractor, once.
    const opened = await running
      .smtp()
      .waitFor((mail) => mail.subject === `Dana Homeowner opened Contract #${id}`, 20_000);
    expect(opened.html).toContain(`/contracts/${id}`);

    await homeowner.getByRole('button', { name: 'Decline to sign' }).click();
    const dialog = homeowner.getByRole('dialog', { name: 'Decline this contract?' });
    await dialog.getByLabel(/Your reason/).fill('no');
    await dialog.getByRole('button', { name: 'Decline contract' }).click();
    await dialog.getByText('The reason needs at least 3 characters').waitFor();
    const reason = 'The price is higher than the quote we discussed on the phone.';
    await dialog.getByLabel(/Your reason/).fill(reason);
    await dialog.getByRole('button', { name: 'Decline contract' }).click();
    await homeowner.getByRole('heading', { name: 'Contract Declined' }).waitFor();
    await homeowner
      .getByText(/You declined this contract on .+\. Decline Decks has been notified\./)
      .waitFor();
    await homeowner.screenshot({ path: '/tmp/after-sending-declined.png' });

    // The link stays declined; a signature afterwards is refused.
    await homeowner.reload();
    await homeowner.getByRole('heading', { name: 'Contract Declined' }).waitFor();
    const token = signingLinkIn(request.text).split('/esign/')[1];
    const late = await homeowner.request.post(`${base}/api/esign/${token}`, {
      data: { signature: 'data:image/png;base64,iVBORw0KGgo=', consent: true },
      headers: { origin: base },
    });
    expect(late.status()).toBe(409);

    const declined = await running
      .smtp()
      .waitFor((mail) => mail.subject === `Dana Homeowner declined Contract #${id}`, 20_000);
    expect(declined.text).toContain(reason);
    expect(declined.html).toContain('The price is higher than the quote');

    // The contractor finds it under Closed, collapsed until opened, and reads the reason.
    await contractor.goto('/');
    const closed = contractor.getByRole('button', { name: 'Closed (1)' });
    expect(await closed.getAttribute('aria-expanded')).toBe('false');
    await closed.click();
    await contractor
      .getByRole('link', { name: `Contract #${id}, Declined, for Dana Homeowner: open` })
      .click();
    await contractor.getByText('Dana Homeowner declined this contract', { exact: false }).waitFor();
    await contractor.getByText(reason, { exact: false }).first().waitFor();
  });

  it('lets the contractor withdraw, revise and resend, and the client sign the revision', async () => {
    const base = running.app().url;
    const contractor = await signedInPage(running, { company: 'Revise Roofing' });
    const client = { name: 'Jordan Revise', email: uniqueEmail('jordan') };
    const id = await sendContractByApi(contractor, base, client);
    const first = await mailTo(client.email, 'Revise Roofing sent you a contract to sign');

    // Withdraw, with a reason the client is emailed.
    await contractor.goto(`/contracts/${id}`);
    await contractor.getByRole('button', { name: 'Withdraw' }).click();
    const dialog = contractor.getByRole('dialog', { name: 'Withdraw this contract?' });
    await dialog.getByLabel(/Reason/).fill('The price for the valves was wrong');
    await dialog.getByRole('button', { name: 'Withdraw contract' }).click();
    await waitForToast(contractor, 'Contract withdrawn');
    await contractor.getByText('Withdrawn', { exact: true }).first().waitFor();

    const homeowner = await homeownerAt(signingLinkIn(first.text));
    await homeowner.getByRole('heading', { name: 'Contract Withdrawn' }).waitFor();
    await homeowner.getByText('This contract was withdrawn by Revise Roofing.').waitFor();
    await homeowner.getByText('Reason: The price for the valves was wrong').waitFor();
    const withdrawn = await mailTo(client.email, `Revise Roofing withdrew contract #${id}`);
    expect(withdrawn.text).toContain('The price for the valves was wrong');
    expect(withdrawn.text).not.toContain('/esign/');

    // Revise: a new draft with everything copied, opened in the wizard (a withdrawn contract
    // needs no confirmation: nothing the client holds changes).
    await contractor.getByRole('button', { name: 'Revise' }).click();
    await contractor.waitForURL(/\/wizard\?id=\d+/);
    const revisionId = Number(new URL(contractor.url()).searchParams.get('id'));
    expect(revisionId).toBeGreaterThan(id);
    await contractor.getByText('Revision 2 of').waitFor();
    await contractor.getByRole('link', { name: `Contract #${id}` }).waitFor();
    // The revision's scope was copied already cleaned: no cleanup, no toast.
    await contractor.getByText('AI-Formatted Scope').waitFor();
    for (let step = 1; step < 5; step += 1) {
      if (step === 4) {
        // The preview grows once its document loads and moves Next down: wait for it first.
        await contractor.getByText('Step 4 of 5').waitFor();
        await contractor
          .frameLocator('iframe[title="Contract preview"]')
          .locator('body *')
          .first()
          .waitFor();
        await settled(contractor);
      }
      await contractor.getByRole('button', { name: 'Next' }).click();
    }
    await contractor.getByText('Step 5 of 5').waitFor();
    await drawSignature(contractor);
    await contractor.getByRole('button', { name: 'Sign & Send to Client' }).click();
    await waitForToast(contractor, 'Contract sent!');

    // The client signs the revision through its own link.
    const second = await running
      .smtp()
      .waitFor(
        (mail) =>
          mail.to.includes(client.email) &&
          mail.subject === 'Revise Roofing sent you a contract to sign' &&
          mail.text.includes(`#${revisionId}`),
        20_000,
      );
    await homeowner.goto(signingLinkIn(second.text));
    await homeowner.getByText('Secure Contract Signature').waitFor();
    await homeowner.getByLabel('I agree to use electronic records and signatures').check();
    await drawSignature(homeowner, /Sign below to accept/);
    await homeowner.getByRole('button', { name: 'Sign Contract' }).click();
    await homeowner.getByRole('heading', { name: 'Contract Signed!' }).waitFor();

    // Both contracts point at each other; the revision's card says what it is.
    await contractor.goto('/');
    const card = contractor.getByRole('link', {
      name: new RegExp(`Contract #${revisionId}, Completed, for Jordan Revise: open`),
    });
    await card.getByText(`Revision 2 of Contract #${id}`).waitFor();
    await contractor.screenshot({ path: '/tmp/after-sending-contracts.png', fullPage: true });
    await contractor.goto(`/contracts/${id}`);
    await contractor.getByText(`Revised as`).waitFor();
    await contractor.getByRole('link', { name: `Contract #${revisionId}` }).click();
    await contractor.waitForURL(`**/contracts/${revisionId}`);
    await contractor.getByText('Client signed', { exact: false }).first().waitFor();
  });

  it('shows an expired link with whom to ask, and a new link from the contractor reopens it', async () => {
    const base = running.app().url;
    const contractor = await signedInPage(running, { company: 'Expiry Edging' });
    const client = { name: 'Riley Expired', email: uniqueEmail('riley') };
    const id = await sendContractByApi(contractor, base, client);
    const request = await mailTo(client.email, 'Expiry Edging sent you a contract to sign');
    // The deadline passes without the sweeper: the link and the screens expire it on read.
    const database = openAppDatabase(running.app());
    await database.sql.run(
      "UPDATE contracts SET expires_at = '2026-01-01T00:00:00.000Z' WHERE id = ?",
      id,
    );
    await database.close();

    const homeowner = await homeownerAt(signingLinkIn(request.text));
    await homeowner.getByRole('heading', { name: 'Invalid or Expired Link' }).waitFor();
    await homeowner
      .getByText(
        'This signature link is no longer valid. Please contact the sender for a new link.',
      )
      .waitFor();
    await homeowner.getByText('Contact Expiry Edging:').waitFor();
    expect(await homeowner.getByRole('link', { name: '(555) 123-4567' }).getAttribute('href')).toBe(
      'tel:5551234567',
    );

    await contractor.goto('/');
    const card = contractor.getByRole('link', {
      name: `Contract #${id}, Expired, for Riley Expired: open`,
    });
    await card.getByText('Link expired', { exact: false }).waitFor();
    await card.click();
    await contractor.getByRole('button', { name: 'Send a new link' }).click();
    const dialog = contractor.getByRole('dialog', { name: 'Send a new link' });
    await dialog.getByLabel(/The link works for/).fill('120');
    await dialog.getByRole('button', { name: 'Send new link' }).click();
    await dialog.getByText('At most 90 days').waitFor();
    await dialog.getByLabel(/The link works for/).fill('14');
    await dialog.getByRole('button', { name: 'Send new link' }).click();
    await waitForToast(contractor, 'New link sent');
    await contractor.getByText('Awaiting Signature', { exact: true }).first().waitFor();

    const fresh = await mailTo(
      client.email,
      'Expiry Edging sent you a new link to sign your contract',
    );
    await homeowner.goto(signingLinkIn(fresh.text));
    await homeowner.getByText('Secure Contract Signature').waitFor();
    // Every link works again while the contract awaits signature, the first one included.
    await homeowner.goto(signingLinkIn(request.text));
    await homeowner.getByText('Secure Contract Signature').waitFor();

    // The client was just emailed: no reminder or new link for an hour (issue 33), only a later
    // deadline without an email.
    const wait = contractor.getByText(
      /^The client was emailed about this contract less than an hour ago\. The next email can go at /,
    );
    await wait.waitFor();
    expect(await contractor.getByRole('button', { name: 'Send reminder' }).isDisabled()).toBe(true);
    expect(await contractor.getByRole('button', { name: 'Send a new link' }).isDisabled()).toBe(
      true,
    );
    await contractor.getByRole('button', { name: 'Change the deadline' }).click();
    const later = contractor.getByRole('dialog', { name: 'Change the deadline' });
    await later.getByText(/^No email goes to Riley Expired now\./).waitFor();
    await later.getByLabel(/The link works for/).fill('30');
    await later.getByRole('button', { name: 'Change the deadline' }).click();
    const changed = await waitForToast(contractor, 'Deadline changed');
    expect(changed).toMatch(
      /The deadline is now .+; the client was not emailed again because they were emailed about this contract less than an hour ago\. The next email can go at /,
    );

    // Turning reminders off saves even with a half-typed schedule greyed out below the switch.
    await contractor.goto('/settings/reminders');
    await contractor.getByLabel('At most (reminders)').fill('12');
    await contractor.getByLabel('Send automatic reminders').uncheck();
    await contractor.getByRole('button', { name: 'Save Changes' }).click();
    await waitForToast(contractor, 'Settings saved');
    const prefs = await contractor.request.get(`${base}/api/prefs`);
    expect(await prefs.json()).toMatchObject({ reminders_enabled: false, reminder_max: 3 });
  });
});
