import { describe, expect, it } from 'vitest';
import { newPage, settled } from './support/browser';
import { field, logInThroughUi, signUpByApi, waitForToast } from './support/flows';
import { workerApp } from './support/worker';

const running = workerApp();

/** Mantine marks a required label with " *": the new-password field, not "New password again". */
const newPasswordField = (page: Parameters<typeof field>[0]) =>
  page.getByLabel(/^New password( \*)?$/);

/**
 * Issue 34, parts A and B, as a contractor on a phone lives them: forgot the password, got the
 * mail, chose a new one and was signed in; changed it on one phone and saw the other signed out.
 */
describe('passwords and signed-in devices in the browser', () => {
  it('forgot the password: asks from the sign-in page, follows the mailed link, is signed in', async () => {
    const setup = await newPage(running.browser(), running.app().url);
    const { email } = await signUpByApi(setup.context.request, running.app().url, {
      company: 'Forgetful Fencing',
    });
    await setup.context.close();

    const { page, context } = await newPage(running.browser(), running.app().url);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/forgot-password');
    // The address changes before the new page's code has loaded and shown: until its heading is
    // there, "Email" is still the sign-in form's field.
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await field(page, 'Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page
      .getByText('If an account uses that email, we sent a link. It works for 1 hour.')
      .waitFor();

    const mail = await running
      .smtp()
      .waitFor(
        (message) => message.to.includes(email) && /Reset your/.test(message.subject),
        15_000,
      );
    const link = /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    const path = new URL(link ?? '').pathname;

    await page.goto(path);
    await page.getByText(`For ${email}`).waitFor();
    await newPasswordField(page).fill('brand new 1');
    await field(page, 'New password again').fill('brand new 2');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('The two passwords are not the same').waitFor();
    await field(page, 'New password again').fill('brand new 1');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await waitForToast(page, 'Password changed');
    await page.getByRole('heading', { name: 'Contracts', exact: true }).waitFor();

    // The mail says what happened, and the link is spent: opened again, it says so at once.
    await running
      .smtp()
      .waitFor(
        (message) => message.to.includes(email) && /was changed/.test(message.subject),
        15_000,
      );
    const again = await newPage(running.browser(), running.app().url);
    await again.page.goto(path);
    await again.page.getByText('This link was already used.').waitFor();
    expect(
      await again.page.getByRole('link', { name: 'Send me a new link' }).getAttribute('href'),
    ).toBe('/forgot-password');
    await again.context.close();
    await context.close();
  });

  it('changes the password on one phone, and the other phone is signed out', async () => {
    const base = running.app().url;
    const first = await newPage(running.browser(), base);
    const { email, password } = await signUpByApi(first.context.request, base, {
      company: 'Careful Carpentry',
    });
    const second = await newPage(running.browser(), base);
    await second.page.goto('/login');
    await logInThroughUi(second.page, email, password);
    await second.page.getByRole('heading', { name: 'Contracts', exact: true }).waitFor();

    const { page } = first;
    await page.goto('/settings/security');
    const devices = page.getByRole('list', { name: 'Signed-in devices' });
    // The page loads its list on its own: on a busy machine that takes more than poll's 1 s.
    const listed = { timeout: 15_000 };
    await expect.poll(() => devices.getByRole('listitem').count(), listed).toBe(2);
    await devices.getByText('This device').waitFor();

    // The sign-in email's form asks for the current password too: this is the password's form.
    const passwordForm = page.getByRole('form', { name: 'Password' });
    const currentPassword = passwordForm.getByLabel(/^Current password/);
    await currentPassword.fill('not it at all');
    await newPasswordField(page).fill('changed pass 1');
    await field(page, 'New password again').fill('changed pass 1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your current password is not right. Please try again.').waitFor();
    await currentPassword.fill(password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await waitForToast(page, '1 other device was signed out.');
    await expect.poll(() => devices.getByRole('listitem').count(), listed).toBe(1);

    // The other phone's next request finds its session gone: it is back at sign-in.
    await second.page.goto('/settings/security');
    await second.page.waitForURL('**/login**');
    const answer = await second.context.request.get(`${base}/api/auth/user`);
    expect(answer.status()).toBe(401);
    // This phone stays in, and its log shows the refusal and the change.
    await page.reload();
    const log = page.getByRole('list', { name: 'Security log' });
    await log.getByText('Password changed').waitFor();
    await log.getByText('Password change refused: wrong current password').waitFor();
    await settled(page);
    await first.context.close();
    await second.context.close();
  });
});
