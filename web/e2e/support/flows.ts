import type { APIRequestContext, Page } from 'playwright-core';
import { newPage, PHONE, uniqueEmail } from './browser';
import type { Running } from './worker';

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
  // The router changes the address first and keeps the last screen until the sign-in screen's
  // code has loaded: a form filled by its label before that fills the last screen's Email field
  // (run 56 signed in with an empty email after logging out from Branding).
  await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export { markToastsSeen, toast, TOAST_SELECTOR, waitForToast } from './toasts';

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

export interface AccountInput {
  company: string;
  email?: string;
  password?: string;
  /** Company phone, as onboarding asks for it; null leaves onboarding's fields empty. */
  phone?: string | null;
}

/**
 * A new account made through the REST API, as a script would: sign-up, then the company details
 * onboarding asks for. With a browser context's `request`, the session cookie lands in that
 * context. Browser tests use it wherever sign-up itself is not what they test (argon2 runs on the
 * server either way; the browser's sign-up pages cost seconds a test).
 */
export async function signUpByApi(
  request: APIRequestContext,
  base: string,
  account: AccountInput,
): Promise<{ email: string; password: string }> {
  const email = account.email ?? uniqueEmail(account.company.split(' ')[0] ?? 'user');
  const password = account.password ?? 'secret123';
  const headers = { origin: base };
  const signedUp = await request.post(`${base}/api/auth/signup`, {
    data: { email, password, company_name: account.company },
    headers,
  });
  if (!signedUp.ok()) throw new Error(`sign-up: ${signedUp.status()} ${await signedUp.text()}`);
  if (account.phone !== null) {
    const set = await request.put(`${base}/api/prefs`, {
      data: { company_phone: account.phone ?? '(555) 123-4567', company_email: email },
      headers,
    });
    if (!set.ok()) throw new Error(`onboarding: ${set.status()} ${await set.text()}`);
  }
  return { email, password };
}

/**
 * A new account, signed up and set up through the API, on a page of its own showing the
 * contracts: how most browser tests start. `initScript` runs before every page load (e.g. a
 * scripted SpeechRecognition).
 */
export async function signedInAccount(
  running: Running,
  options: { company: string; viewport?: { width: number; height: number }; initScript?: string },
): Promise<{ page: Page; email: string }> {
  const base = running.app().url;
  const { page, context } = await newPage(running.browser(), base, options.viewport ?? PHONE);
  if (options.initScript) await context.addInitScript(options.initScript);
  const { email } = await signUpByApi(context.request, base, { company: options.company });
  await page.goto('/');
  await page.getByRole('heading', { name: 'Contracts', exact: true }).waitFor();
  return { page, email };
}

/** signedInAccount's page, for the tests that need nothing else of the account. */
export async function signedInPage(
  running: Running,
  options: Parameters<typeof signedInAccount>[1],
): Promise<Page> {
  return (await signedInAccount(running, options)).page;
}
