import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, newPage, PHONE, uniqueEmail } from './support/browser';
import { workerApp } from './support/worker';
import {
  completeOnboarding,
  logInThroughUi,
  signedInPage,
  signUpByApi,
  signUpThroughUi,
} from './support/flows';

const running = workerApp();

/** Visits each path and checks nothing is wider than the phone's screen. */
async function expectNoSidewaysScroll(page: Page, paths: string[]) {
  for (const path of paths) {
    await page.goto(path);
    await page.locator('main').getByRole('heading').first().waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(PHONE.width);
  }
}

const bottomNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

describe('the app shell', () => {
  it('sends a signed-out visitor of a protected page to /login, then back after signing in', async () => {
    const setup = await newPage(running.browser(), running.app().url);
    const { email } = await signUpByApi(setup.context.request, running.app().url, {
      company: 'Redirect Co',
    });
    await setup.context.close();

    const { page, context } = await newPage(running.browser(), running.app().url);
    await page.goto('/templates');
    await page.waitForURL('**/login**');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/templates');
    await logInThroughUi(page, email, 'secret123');
    await page.waitForURL('**/templates');
    await page.getByRole('heading', { name: 'Templates', exact: true }).waitFor();
    await context.close();
  });

  it('shows Loading while it asks who is signed in', async () => {
    const { page, context } = await newPage(running.browser(), running.app().url);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/trpc/auth.user**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/wizard');
    await page.getByText('Loading...').waitFor();
    release();
    await page.waitForURL('**/login**');
    await context.close();
  });

  it('shows a 404 page with a way home for unknown paths', async () => {
    const { page, context } = await newPage(running.browser(), running.app().url);
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Go to home' }).click();
    // Home is protected: signed out, it leads on to sign-in.
    await page.waitForURL('**/login**');
    await context.close();
  });

  it('shows the bottom navigation on a 390 px phone only where the spec allows', async () => {
    const { page, context } = await newPage(running.browser(), running.app().url, PHONE);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await bottomNav(page).count()).toBe(0);

    await signUpThroughUi(page, {
      company: 'Nav Co',
      email: uniqueEmail('nav'),
      password: 'secret123',
    });
    // Signed in, but onboarding hides it.
    await page.getByRole('heading', { name: 'Welcome to TradeSign', exact: true }).waitFor();
    expect(await bottomNav(page).count()).toBe(0);
    await completeOnboarding(page);

    await bottomNav(page).waitFor();
    const links = bottomNav(page).getByRole('link');
    expect(await links.allTextContents()).toEqual(['Home', 'New', 'Templates', 'Settings']);
    expect(
      await bottomNav(page).getByRole('link', { name: 'Home' }).getAttribute('aria-current'),
    ).toBe('page');

    await bottomNav(page).getByRole('link', { name: 'Templates' }).click();
    await page.waitForURL('**/templates');
    await bottomNav(page).getByRole('link', { name: 'New' }).click();
    await page.waitForURL('**/wizard');

    // Signed in, /login and /signup lead home; signed out, the bar is hidden on them (checked above).
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Contracts', exact: true }).waitFor();
    for (const hiddenPath of ['/onboarding', '/esign/some-token']) {
      await page.goto(hiddenPath);
      await page.locator('main').getByRole('heading').first().waitFor();
      expect(await bottomNav(page).count(), hiddenPath).toBe(0);
    }
    await context.close();
  });

  it('leaves navigation to the header on a desktop screen', async () => {
    const page = await signedInPage(running, { company: 'Desk Co', viewport: DESKTOP });
    expect(await bottomNav(page).isVisible()).toBe(false);
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Templates' })
      .click();
    await page.waitForURL('**/templates');
  });

  it('keeps every screen within a 390 px wide phone screen', async () => {
    const { page, context } = await newPage(running.browser(), running.app().url, PHONE);
    await expectNoSidewaysScroll(page, ['/login', '/signup', '/esign/any-token']);
    await signUpByApi(context.request, running.app().url, { company: 'Narrow Co' });
    await expectNoSidewaysScroll(page, [
      '/',
      '/onboarding',
      '/settings/branding',
      '/wizard',
      '/templates',
      '/templates/editor',
      '/settings/legal',
    ]);
    await context.close();
  });
});
