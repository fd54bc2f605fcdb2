import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../src/test/smtp-sink';
import { newPage, uniqueEmail } from './support/browser';
import { completeOnboarding, signUpByApi, signUpThroughUi } from './support/flows';
import { sendContractByApi } from './support/send-by-api';
import { fileApp } from './support/worker';

/**
 * Who may sign up (issue 34, SIGNUP_MODE), as a newcomer meets it at 390 px: on a server in
 * `invite` mode a second company's sign-up page says why it cannot sign up and what to do; on an
 * `open` server a new company sees that its email needs confirming, follows the mail's link,
 * and can send. Each server is this file's own: the shared one lets anyone sign up, verified.
 */
const byInvitation = fileApp(() =>
  Promise.resolve({ SIGNUP_MODE: 'invite', SIGNUP_EMAILS_VERIFIED: 'false' }),
);

let sink: SmtpSink | undefined;
const openServer = fileApp(async () => {
  sink = await startSmtpSink();
  return {
    SIGNUP_MODE: 'open',
    SIGNUP_EMAILS_VERIFIED: 'false',
    SMTP_URL: sink.url,
    MAIL_FROM: 'TradeSign <contracts@tradesign.test>',
  };
});
afterAll(async () => {
  await sink?.stop();
});

describe('SIGNUP_MODE=invite', () => {
  it('tells a second company why it cannot sign up, and the sign-in page offers no sign-up', async () => {
    const base = byInvitation.app().url;
    const { page: owner } = await newPage(byInvitation.browser(), base);
    await signUpThroughUi(owner, {
      company: 'Installer Co',
      email: uniqueEmail('installer'),
      password: 'secret123',
    });

    const { page } = await newPage(byInvitation.browser(), base);
    await page.goto('/signup');
    await page.getByRole('heading', { name: 'Sign-up is not open here' }).waitFor();
    await page
      .getByText(
        'This TradeSign server is not open for sign-up. Ask its owner for an invitation.',
        { exact: true },
      )
      .waitFor();
    expect(await page.getByRole('button', { name: 'Create Account' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await page.getByRole('link', { name: 'Create an account' }).count()).toBe(0);
  });
});

describe('SIGNUP_MODE=open', () => {
  it('asks a new company to confirm its email, and lets it send once the link is followed', async () => {
    const base = openServer.app().url;
    const { context: hostContext } = await newPage(openServer.browser(), base);
    await signUpByApi(hostContext.request, base, { company: 'Host Co' });

    const { page } = await newPage(openServer.browser(), base);
    const email = uniqueEmail('newcomer');
    await signUpThroughUi(page, { company: 'Newcomer Co', email, password: 'secret123' });
    await completeOnboarding(page);
    const notice = page.getByTestId('verify-email-notice');
    await notice.getByText(`We sent a link to ${email}.`).waitFor();

    const client = { name: 'Robin Client', email: uniqueEmail('client') };
    const refused = sendContractByApi(page, base, client);
    await expect(refused).rejects.toThrow(
      `403 Confirm your email address before you send your first contract. We sent a link to ${email}.`,
    );

    const mail = await (sink as SmtpSink).waitFor((received) => received.to.includes(email));
    expect(mail.subject).toBe('Confirm your email address for TradeSign');
    const link = /http:\/\/\S+\/verify-email\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0] ?? '';
    await page.goto(link);
    await page.getByRole('heading', { name: 'Your email address is confirmed' }).waitFor();
    await page.getByRole('link', { name: 'Go to your contracts' }).click();
    await page.getByRole('heading', { name: 'Contracts', exact: true }).waitFor();
    expect(await notice.count()).toBe(0);

    const id = await sendContractByApi(page, base, client);
    const request = await (sink as SmtpSink).waitFor((received) =>
      received.to.includes(client.email),
    );
    expect(request.text).toContain('/esign/');
    expect(id).toBeGreaterThan(0);
  });
});
