import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { field, logInThroughUi, signedInAccount } from './support/flows';
import { workerApp } from './support/worker';

const running = workerApp();

/**
 * The code an authenticator app shows for `secret`, computed here as the app would (RFC 6238 with
 * @oslojs/otp), `offset` 30-second steps from now. Never in a step's last 3 seconds, so the code
 * is still of that step when the server reads it.
 */
async function appCode(secret: string, offset = 0): Promise<string> {
  const intoStep = Date.now() % 30_000;
  if (intoStep > 27_000) await new Promise((resolve) => setTimeout(resolve, 30_100 - intoStep));
  const step = BigInt(Math.floor(Date.now() / 30_000) + offset);
  return generateHOTP(decodeBase32IgnorePadding(secret), step, 6);
}

async function logOut(page: Page) {
  await page.goto('/settings/branding');
  await page.getByRole('button', { name: 'Log Out' }).click();
  await page.waitForURL('**/login');
  // The address changes before the sign-in page shows: until then "Email" is Branding's field.
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
}

describe('two-step sign-in at phone width (issue 34)', () => {
  it('enrols from the shown key, signs in with a code and with a recovery code, and refuses that recovery code again', async () => {
    const { page, email } = await signedInAccount(running, { company: 'Summit Roofing' });
    await page.goto('/settings/security');
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    const key = (await page.getByLabel('Key to type by hand').textContent()) ?? '';
    // Shown in groups of four to type by hand; the QR code is an image made by our server.
    expect(key).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    const qr = page.getByRole('img', { name: 'QR code to scan with your authenticator app' });
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const secret = key.replace(/ /g, '');
    const codeField = field(page, '6-digit code');
    expect(await codeField.getAttribute('inputmode')).toBe('numeric');
    expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
    // The previous step's code, as a phone a little behind would show: the next one is free.
    await codeField.fill(await appCode(secret, -1));
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    const list = page.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    const recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((code) =>
      code.trim(),
    );
    expect(recoveryCodes).toHaveLength(10);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('10 of 10 recovery codes left.').waitFor();

    // Signing in now takes the password, then a code.
    await logOut(page);
    await logInThroughUi(page, email, 'secret123');
    await field(page, '6-digit code').fill(await appCode(secret));
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Contracts', exact: true }).waitFor();

    // Or the password, then a recovery code, which says how many are left.
    const [recoveryCode = ''] = recoveryCodes;
    await logOut(page);
    await logInThroughUi(page, email, 'secret123');
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await field(page, 'Recovery code').fill(recoveryCode);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('That code no longer works. You have 9 recovery codes left.').waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Contracts', exact: true }).waitFor();

    // The same recovery code a second time: refused, and nobody is signed in.
    await logOut(page);
    await logInThroughUi(page, email, 'secret123');
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await field(page, 'Recovery code').fill(recoveryCode);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('That recovery code is not right, or it was already used.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    const who = await page.request.get('/api/auth/user');
    expect(who.status()).toBe(401);
  });
});
