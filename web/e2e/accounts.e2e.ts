import { describe, expect, it } from 'vitest';
import { DESKTOP, newPage, uniqueEmail } from './support/browser';
import { workerApp } from './support/worker';
import {
  completeOnboarding,
  field,
  logInThroughUi,
  signUpByApi,
  signUpThroughUi,
  toast,
  waitForToast,
} from './support/flows';

const running = workerApp();

describe('accounts in the browser', () => {
  it('signs up, sets up the company, sees the empty home, logs out and logs back in', async () => {
    const { page, context } = await newPage(running.browser(), running.app().url);
    const email = uniqueEmail('journey');
    await signUpThroughUi(page, { company: 'Greenleaf Landscaping', email, password: 'secret123' });
    await waitForToast(page, 'Account created successfully!');

    await page.getByRole('heading', { name: 'Welcome to TradeSign', exact: true }).waitFor();
    expect(await field(page, 'Company Name').inputValue()).toBe('Greenleaf Landscaping');
    await completeOnboarding(page);

    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByText('Manage your project contracts').waitFor();
    await page.getByText('No contracts yet').waitFor();
    await page.getByText('Create your first contract to get started').waitFor();
    expect(
      await page.getByRole('link', { name: 'Create First Contract' }).getAttribute('href'),
    ).toBe('/wizard');
    expect(await page.getByRole('link', { name: 'New Contract' }).getAttribute('href')).toBe(
      '/wizard',
    );

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Settings' })
      .click();
    // Settings opens on its index; Branding holds the company's details.
    await page
      .getByRole('list', { name: 'Settings sections' })
      .getByRole('link', { name: 'Branding' })
      .click();
    await page.getByTestId('account-email').getByText(email).waitFor();
    // Onboarding saved the phone: the branding form shows it.
    expect(await field(page, 'Phone').inputValue()).toBe('(555) 123-4567');

    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL('**/login');
    await waitForToast(page, 'Logged out successfully');

    // The session is gone on the server, not just in this tab.
    const answer = await context.request.get(`${running.app().url}/api/auth/user`);
    expect(answer.status()).toBe(401);

    await logInThroughUi(page, email, 'secret123');
    await waitForToast(page, 'Welcome back!');
    await page.getByRole('heading', { name: 'Contracts', exact: true }).waitFor();
    await context.close();
  });

  it('shows the spec messages for bad sign-up input and keeps what was typed', async () => {
    const { page, context } = await newPage(running.browser(), running.app().url);
    await page.goto('/signup');
    await field(page, 'Company Name').fill('Acme Remodeling');
    await field(page, 'Email').fill('not-an-email');
    await field(page, 'Password').fill('123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Invalid email address').waitFor();
    await page.getByText('At least 6 characters', { exact: true }).waitFor();
    // Said once, as the error, not again as the hint under it.
    expect(await page.getByText('At least 6 characters', { exact: true }).count()).toBe(1);
    expect(await field(page, 'Company Name').inputValue()).toBe('Acme Remodeling');
    expect(new URL(page.url()).pathname).toBe('/signup');
    await context.close();
  });

  it('tells a taken email apart with the server message', async () => {
    const first = await newPage(running.browser(), running.app().url);
    const { email } = await signUpByApi(first.context.request, running.app().url, {
      company: 'First Co',
    });
    await first.context.close();

    const { page, context } = await newPage(running.browser(), running.app().url);
    await page.goto('/signup');
    await field(page, 'Company Name').fill('Second Co');
    await field(page, 'Email').fill(email.toUpperCase());
    await field(page, 'Password').fill('secret123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    const shownToast = await waitForToast(page, 'Signup failed');
    expect(shownToast).toContain('already exists');
    await context.close();
  });

  it('refuses a wrong password with "Login failed" and the same text as an unknown email', async () => {
    const setup = await newPage(running.browser(), running.app().url);
    const { email } = await signUpByApi(setup.context.request, running.app().url, {
      company: 'Pw Co',
    });
    await setup.context.close();

    const { page, context } = await newPage(running.browser(), running.app().url);
    await page.goto('/login');
    await logInThroughUi(page, email, 'wrong-password');
    const wrongPassword = await waitForToast(page, 'Login failed');
    const firstToast = await toast(page).elementHandle();
    // The first toast may still be up with the same words: wait for the second answer itself.
    const secondAnswer = page.waitForResponse((response) => response.url().includes('auth.login'));
    await logInThroughUi(page, uniqueEmail('nobody'), 'wrong-password');
    await secondAnswer;
    // One toast at a time: the second replaced the first (once the first has finished its exit
    // animation), with the same words for an unknown email; and it leaves by itself.
    await firstToast?.waitForElementState('hidden');
    await expect.poll(() => toast(page).count(), { timeout: 2000 }).toBe(1);
    expect(await toast(page).textContent()).toBe(wrongPassword);
    await toast(page).waitFor({ state: 'detached', timeout: 8000 });
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it("still shows a toast's words when the toast's own code does not arrive", async () => {
    const { page, context } = await newPage(running.browser(), running.app().url);
    // Offline without the service worker's copy, or after an update removed the old file.
    await page.route(/\/assets\/toast-renderer-[^/]+\.js$/, (route) =>
      route.abort('internetdisconnected'),
    );
    await page.goto('/login');
    await logInThroughUi(page, uniqueEmail('nobody'), 'wrong-password');
    expect(await waitForToast(page, 'Login failed')).toBe('Login failedInvalid email or password');
    if (process.env.TOAST_SHOTS_DIR) {
      await page.screenshot({ path: `${process.env.TOAST_SHOTS_DIR}/plain-toast.png` });
    }
    // It leaves by itself, as the animated one does.
    await toast(page).waitFor({ state: 'detached', timeout: 10_000 });
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('signs in with the keyboard alone', async () => {
    const setup = await newPage(running.browser(), running.app().url);
    const { email } = await signUpByApi(setup.context.request, running.app().url, {
      company: 'Keys Co',
    });
    await setup.context.close();

    const { page, context } = await newPage(running.browser(), running.app().url, DESKTOP);
    await page.goto('/login');
    await field(page, 'Email').focus();
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('secret123');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Contracts', exact: true }).waitFor();
    await context.close();
  });

  it('requires phone and email at onboarding; says "Failed to save" when saving fails', async () => {
    const { page, context } = await newPage(running.browser(), running.app().url);
    await signUpThroughUi(page, {
      company: 'Offline Co',
      email: uniqueEmail('offline'),
      password: 'secret123',
    });
    // Phone and email are required here.
    await field(page, 'Email').fill('');
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await expect.poll(() => page.getByText('Required', { exact: true }).count()).toBe(2);
    await field(page, 'Email').fill('office@offline.example');
    await page.route('**/trpc/prefs.completeOnboarding**', (route) =>
      route.abort('connectionrefused'),
    );
    await field(page, 'Phone').fill('555 000 1111');
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await waitForToast(page, 'Failed to save');
    expect(await field(page, 'Phone').inputValue()).toBe('555 000 1111');
    expect(new URL(page.url()).pathname).toBe('/onboarding');
    await context.close();
  });

  it('says "Logout failed" when the server cannot be reached, staying signed in', async () => {
    const { page, context } = await newPage(running.browser(), running.app().url);
    await signUpByApi(context.request, running.app().url, { company: 'Stay Co' });
    await page.goto('/settings/branding');
    await page.route('**/trpc/auth.logout**', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Log Out' }).click();
    await waitForToast(page, 'Logout failed');
    expect(new URL(page.url()).pathname).toBe('/settings/branding');
    await context.close();
  });
});
