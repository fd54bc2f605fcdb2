import type { Browser, Page } from 'playwright-core';
import type { RunningApp } from './app-server';
import { newPage, PHONE, uniqueEmail } from './browser';

/** Locators by visible label; Mantine appends " *" to required labels, hence the anchors. */
export const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}`));

export async function signUpThroughUi(
  page: Page,
  account: { company: string; email: string; password: string },
): Promise<void> {
  await page.goto('/signup');
  await field(page, 'Company Name').fill(account.company);
  await field(page, 'Email').fill(account.email);
  await field(page, 'Password').fill(account.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/onboarding');
}

/** Company setup, then the legal acknowledgment that onboarding ends with, skipped. */
export async function completeOnboarding(page: Page, phone = '(555) 123-4567'): Promise<void> {
  await field(page, 'Phone').fill(phone);
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await page.getByRole('heading', { name: 'Contracts', exact: true }).waitFor();
}

export async function logInThroughUi(page: Page, email: string, password: string): Promise<void> {
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The toast on screen (at most one): the app's (Mantine) or the signing page's own. */
export const TOAST_SELECTOR = '.mantine-Notification-root, [data-toast]';
export const toast = (page: Page) => page.locator(TOAST_SELECTOR);

/**
 * The text of the toasts in the page: the one on screen, and for a moment the one it replaced,
 * still leaving (on a busy machine its exit takes longer than a poll).
 */
export async function toastText(page: Page): Promise<string> {
  // Waits for a toast to appear, as a locator's textContent() would.
  await toast(page).first().waitFor();
  return (await toast(page).allTextContents()).join(' | ');
}

/** Draws a wavy stroke across the signature pad labelled `name`. */
export async function drawSignature(page: Page, name = /Your Signature/): Promise<void> {
  const pad = page.getByRole('img', { name });
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('signature pad not visible');
  await page.mouse.move(box.x + 30, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 24; step += 1) {
    await page.mouse.move(box.x + 30 + step * 10, box.y + box.height / 2 - Math.sin(step / 2) * 40);
  }
  await page.mouse.up();
}

/**
 * A new account, signed up and set up, on a page of its own: how most browser tests start.
 * `initScript` runs before every page load (e.g. a scripted SpeechRecognition).
 */
export async function signedInPage(
  running: { app: () => RunningApp; browser: () => Browser },
  options: { company: string; viewport?: { width: number; height: number }; initScript?: string },
): Promise<Page> {
  const { page, context } = await newPage(
    running.browser(),
    running.app().url,
    options.viewport ?? PHONE,
  );
  if (options.initScript) await context.addInitScript(options.initScript);
  await signUpThroughUi(page, {
    company: options.company,
    email: uniqueEmail(options.company.split(' ')[0] ?? 'user'),
    password: 'secret123',
  });
  await completeOnboarding(page);
  return page;
}
