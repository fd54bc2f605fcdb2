import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app-server';
import { DESKTOP, launchBrowser, newPage, PHONE, uniqueEmail } from './support/browser';
import { completeOnboarding, logInThroughUi, signUpThroughUi } from './support/flows';

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const bottomNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

describe('the app shell', () => {
  it('sends a signed-out visitor of a protected page to /login, then back after signing in', async () => {
    const email = uniqueEmail('redirect');
    const setup = await newPage(browser, app.url);
    await signUpThroughUi(setup.page, { company: 'Redirect Co', email, password: 'secret123' });
    await setup.context.close();

    const { page, context } = await newPage(browser, app.url);
    await page.goto('/templates');
    await page.waitForURL('**/login**');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/templates');
    await logInThroughUi(page, email, 'secret123');
    await page.waitForURL('**/templates');
    await page.getByRole('heading', { name: 'Templates', exact: true }).waitFor();
    await context.close();
  });

  it('shows Loading while it asks who is signed in', async () => {
    const { page, context } = await newPage(browser, app.url);
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
    const { page, context } = await newPage(browser, app.url);
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Go to home' }).click();
    // Home is protected: signed out, it leads on to sign-in.
    await page.waitForURL('**/login**');
    await context.close();
  });

  it('shows the bottom navigation on a 390 px phone only where the spec allows', async () => {
    const { page, context } = await newPage(browser, app.url, PHONE);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await bottomNav(page).count()).toBe(0);

    await signUpThroughUi(page, {
      company: 'Nav Co',
      email: uniqueEmail('nav'),
      password: 'secret123',
    });
    // Signed in, but onboarding hides it.
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

    for (const hiddenPath of ['/signup', '/login', '/onboarding', '/esign/some-token']) {
      await page.goto(hiddenPath);
      await page.locator('main').getByRole('heading').first().waitFor();
      expect(await bottomNav(page).count(), hiddenPath).toBe(0);
    }
    await context.close();
  });

  it('leaves navigation to the header on a desktop screen', async () => {
    const { page, context } = await newPage(browser, app.url, DESKTOP);
    await signUpThroughUi(page, {
      company: 'Desk Co',
      email: uniqueEmail('desk'),
      password: 'secret123',
    });
    await completeOnboarding(page);
    expect(await bottomNav(page).isVisible()).toBe(false);
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Templates' })
      .click();
    await page.waitForURL('**/templates');
    await context.close();
  });

  it('keeps every screen within a 390 px wide phone screen', async () => {
    const { page, context } = await newPage(browser, app.url, PHONE);
    for (const path of ['/login', '/signup']) {
      await page.goto(path);
      await page.locator('main').getByRole('heading').first().waitFor();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        path,
      ).toBeLessThanOrEqual(390);
    }
    await signUpThroughUi(page, {
      company: 'Narrow Co',
      email: uniqueEmail('narrow'),
      password: 'secret123',
    });
    await completeOnboarding(page);
    for (const path of ['/', '/onboarding', '/settings/branding', '/wizard', '/templates']) {
      await page.goto(path);
      await page.locator('main').getByRole('heading').first().waitFor();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        path,
      ).toBeLessThanOrEqual(390);
    }
    await context.close();
  });
});
