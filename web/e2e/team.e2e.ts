import { describe, expect, it } from 'vitest';
import { newPage, uniqueEmail } from './support/browser';
import { field, signUpByApi, waitForToast } from './support/flows';
import { sendContractByApi } from './support/send-by-api';
import { workerApp } from './support/worker';

const running = workerApp();
/** Set TEAM_SHOTS_DIR to a folder to keep a screenshot of each step (for a person to look at). */
const shots = process.env.TEAM_SHOTS_DIR;

/**
 * Issue 35, as two people of one company live it on their phones: the owner invites, the member
 * joins from the mail and is signed in; the owner removes them, and the member's open browser is
 * signed out at its next navigation.
 */
describe('a team in the browser', () => {
  it('invites by mail, joins from the link signed in, and a removed member is signed out', async () => {
    const base = running.app().url;
    const owner = await newPage(running.browser(), base);
    const { email: ownerEmail } = await signUpByApi(owner.context.request, base, {
      company: 'Greenleaf Landscaping',
    });
    const memberEmail = uniqueEmail('crew');

    await owner.page.goto('/settings/team');
    await owner.page.getByRole('heading', { name: 'Team', exact: true }).waitFor();
    await field(owner.page, 'Email').fill(memberEmail);
    await owner.page.getByRole('button', { name: 'Send invitation' }).click();
    await waitForToast(owner.page, 'Invitation sent');
    await owner.page.getByText(memberEmail, { exact: true }).waitFor();
    if (shots)
      await owner.page.screenshot({ path: `${shots}/01-owner-invited.png`, fullPage: true });

    const mail = await running
      .smtp()
      .waitFor(
        (message) =>
          message.to.includes(memberEmail) && /invited you to join/.test(message.subject),
        15_000,
      );
    expect(mail.subject).toBe(
      `${ownerEmail} invited you to join Greenleaf Landscaping on TradeSign`,
    );
    const firstLink = /https?:\/\/\S+\/join\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
    expect(firstLink).toBeDefined();

    // The invitee lost the mail: Resend mails a new link, and the first stops working.
    await owner.page
      .getByRole('button', { name: `Send the invitation to ${memberEmail} again` })
      .click();
    await waitForToast(owner.page, 'Invitation sent again');
    const again = await running
      .smtp()
      .waitFor(
        (message) =>
          message.to.includes(memberEmail) &&
          /invited you to join/.test(message.subject) &&
          !message.text.includes(firstLink ?? ''),
        15_000,
      );
    const link = /https?:\/\/\S+\/join\/[A-Za-z0-9_-]{43}/.exec(again.text)?.[0];
    expect(link).toBeDefined();
    const path = new URL(link ?? '').pathname;

    // A fresh browser: nobody signed in.
    const member = await newPage(running.browser(), base);
    await member.page.goto(new URL(firstLink ?? '').pathname);
    await member.page
      .getByText(/This invitation was canceled, or replaced by a newer one/)
      .waitFor();
    await member.page.goto(path);
    await member.page
      .getByText(`${ownerEmail} invited you to join Greenleaf Landscaping`)
      .waitFor();
    if (shots) await member.page.screenshot({ path: `${shots}/02-join-page.png`, fullPage: true });
    await field(member.page, 'Your name').fill('Sam Diaz');
    await field(member.page, 'Password').fill('crew secret 1');
    await member.page.getByRole('button', { name: 'Join', exact: true }).click();
    await waitForToast(member.page, 'Welcome to Greenleaf Landscaping');
    await member.page.getByRole('heading', { name: 'Contracts', exact: true }).waitFor();

    // The member sees the team, read-only, and who can change it.
    await member.page.goto('/settings/team');
    await member.page.getByText(`Only an owner can manage the team. Ask ${ownerEmail}.`).waitFor();
    expect(await member.page.getByRole('button', { name: 'Send invitation' }).count()).toBe(0);
    if (shots)
      await member.page.screenshot({ path: `${shots}/03-member-view.png`, fullPage: true });

    // The member sends a contract; the owner sees who sent it, and "Mine" leaves it out.
    const sentId = await sendContractByApi(member.page, base, {
      name: 'Jordan Rivera',
      email: 'jordan@example.com',
    });
    await owner.page.goto('/');
    const card = owner.page.getByRole('link', {
      name: `Contract #${sentId}, Awaiting Signature, for Jordan Rivera: open`,
    });
    await card.getByText('Sent by Sam Diaz').waitFor();
    await owner.page.getByText('Mine', { exact: true }).click();
    await owner.page.waitForURL(/who=mine/);
    await owner.page
      .getByText('None of the company’s contracts were written or sent by you yet.')
      .waitFor();
    // The member is shown who manages keys instead of the keys.
    await member.page.goto('/settings/api');
    await member.page
      .getByText(`Only an owner can manage API keys and webhooks. Ask ${ownerEmail}.`)
      .waitFor();
    expect(await member.page.getByRole('button', { name: /Create key/i }).count()).toBe(0);

    // The owner removes the member, after a confirm.
    await owner.page.goto('/settings/team');
    await owner.page.getByText('Sam Diaz').waitFor();
    await owner.page.getByRole('button', { name: 'Remove Sam Diaz', exact: true }).click();
    if (shots)
      await owner.page.screenshot({ path: `${shots}/04-owner-confirm.png`, fullPage: true });
    await owner.page.getByRole('button', { name: 'Remove Sam Diaz now' }).click();
    await waitForToast(owner.page, 'Sam Diaz removed');
    await owner.page.getByText('People (1)').waitFor();

    // The member's next navigation lands on the sign-in page.
    await member.page.goto('/');
    await member.page.waitForURL('**/login**');
    await member.page.getByRole('heading', { name: 'Sign in' }).waitFor();
    if (shots)
      await member.page.screenshot({ path: `${shots}/05-member-signed-out.png`, fullPage: true });
    await member.context.close();
    await owner.context.close();
  });
});
