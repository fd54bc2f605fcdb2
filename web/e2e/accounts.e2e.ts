import { describe, expect, it } from 'vitest';
import { DESKTOP, newPage, uniqueEmail, startAppAndBrowserPerFile } from './support/browser';
import {
  completeOnboarding,
  field,
  logInThroughUi,
  signUpThroughUi,
  toast,
  toastText,
} from './support/flows';

const running = startAppAndBrowserPerFile();

describe('accounts in the browser', () => {
  it('signs up, sets up the company, sees the empty home, logs out and logs back in', async () => {
    const { page, context } = await newPage(running.browser(), running.app().url);
    const email = uniqueEmail('journey');
    await signUpThroughUi(page, { company: 'Greenleaf Landscaping', email, password: 'secret123' });
    await expect.poll(() => toastText(page)).toContain('Account created successfully!');

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
    await page.getByTestId('account-email').getByText(email).waitFor();
    // Onboarding saved the phone: the branding form shows it.
    expect(await field(page, 'Phone').inputValue()).toBe('(555) 123-4567');

    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL('**/login');
    await expect.poll(() => toastText(page)).toContain('Logged out successfully');

    // The session is gone on the server, not just in this tab.
    const answer = await context.request.get(`${running.app().url}/api/auth/user`);
    expect(answer.status()).toBe(401);

    await logInThroughUi(page, email, 'secret123');
    await expect.poll(() => toastText(page)).toContain('Welcome back!');
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
    const email = uniqueEmail('taken');
    const first = await newPage(running.browser(), running.app().url);
    await signUpThroughUi(first.page, { company: 'First Co', email, password: 'secret123' });
    await first.context.close();

    const { page, context } = await newPage(running.browser(), running.app().url);
    await page.goto('/signup');
    await field(page, 'Company Name').fill('Second Co');
    await field(page, 'Email').fill(email.toUpperCase());
    await field(page, 'Password').fill('secret123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => toastText(page)).toContain('Signup failed');
    expect(await toastText(page)).toContain('already exists');
    await context.close();
  });

  it('refuses a wrong password with "Login failed" and the same text as an unknown email', async () => {
    const email = uniqueEmail('wrongpw');
    const setup = await newPage(running.browser(), running.app().url);
    await signUpThroughUi(setup.page, { company: 'Pw Co', email, password: 'secret123' });
    await setup.context.close();

    const { page, context } = await newPage(running.browser(), running.app().url);
    await page.goto('/login');
    await logInThroughUi(page, email, 'wrong-password');
    await expect.poll(() => toastText(page)).toContain('Login failed');
    const wrongPassword = await toastText(page);
    // The first toast may still be up with the same words: wait for the second answer itself.
    const secondAnswer = page.waitForResponse((response) => response.url().includes('auth.login'));
    await logInThroughUi(page, uniqueEmail('nobody'), 'wrong-password');
    await secondAnswer;
    await expect.poll(() => toastText(page)).toBe(wrongPassword);
    // One toast at a time: the second replaced the first (once the first has
    // finished its exit animation), and it leaves by itself.
    await expect.poll(() => toast(page).count(), { timeout: 2000 }).toBe(1);
    await toast(page).waitFor({ state: 'detached', timeout: 8000 });
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('signs in with the keyboard alone', async () => {
    const email = uniqueEmail('keyboard');
    const setup = await newPage(running.browser(), running.app().url);
    await signUpThroughUi(setup.page, { company: 'Keys Co', email, password: 'secret123' });
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
    expect(await page.getByText('Required', { exact: true }).count()).toBe(2);
    await field(page, 'Email').fill('office@offline.example');
    await page.route('**/trpc/prefs.completeOnboarding**', (route) =>
      route.abort('connectionrefused'),
    );
    await field(page, 'Phone').fill('555 000 1111');
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await expect.poll(() => toastText(page)).toContain('Failed to save');
    expect(await field(page, 'Phone').inputValue()).toBe('555 000 1111');
    expect(new URL(page.url()).pathname).toBe('/onboarding');
    await context.close();
  });

  it('says "Logout failed" when the server cannot be reached, staying signed in', async () => {
    const { page, context } = await newPage(running.browser(), running.app().url);
    await signUpThroughUi(page, {
      company: 'Stay Co',
      email: uniqueEmail('stay'),
      password: 'secret123',
    });
    await completeOnboarding(page);
    await page.goto('/settings/branding');
    await page.route('**/trpc/auth.logout**', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect.poll(() => toastText(page)).toContain('Logout failed');
    expect(new URL(page.url()).pathname).toBe('/settings/branding');
    await context.close();
  });
});
