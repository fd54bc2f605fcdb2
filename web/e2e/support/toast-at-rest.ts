import type { Page } from 'playwright-core';
import { TOAST_SELECTOR, waitForToast } from './flows';

/**
 * The scope's cleanup done, and its toast come to rest. On a phone the toast takes its row from
 * the page as it slides in, so a tap on Next while it moves can land on the toast instead (run 32
 * lost one that way and waited 20 s for step 2).
 */
export async function scopeCleanedUp(page: Page): Promise<void> {
  await page.getByText('AI-Formatted Scope').waitFor();
  await waitForToast(page, 'Scope cleaned up!');
  await page.waitForFunction((selector) => {
    const toast = [...document.querySelectorAll(selector)].at(-1);
    const row = toast?.parentElement?.parentElement ?? toast;
    return row !== undefined && row !== null && row.getAnimations({ subtree: true }).length === 0;
  }, TOAST_SELECTOR);
}
