import type { Page } from 'playwright-core';
import { TOAST_SELECTOR } from './flows';

/**
 * What the toast on screen lies over: every link, button, field, label and heading a person can
 * see (inside the window and inside any box that clips it) whose box meets the toast's box. An
 * empty list means the toast hides nothing they might read or tap.
 */
export function controlsCoveredByToast(page: Page): Promise<string[]> {
  return page.evaluate((toastSelector) => {
    const toasts = document.querySelectorAll(toastSelector);
    const toast = toasts[toasts.length - 1];
    if (!toast) throw new Error('no toast on screen');
    // What can be seen of the toast: a toast sliding in or out is clipped by its strip.
    const box = toast.getBoundingClientRect();
    const shown = { top: box.top, bottom: box.bottom, left: box.left, right: box.right };
    for (let parent = toast.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const clip = parent.getBoundingClientRect();
      shown.top = Math.max(shown.top, clip.top);
      shown.bottom = Math.min(shown.bottom, clip.bottom);
      shown.left = Math.max(shown.left, clip.left);
      shown.right = Math.min(shown.right, clip.right);
    }
    const selector = [
      'a[href]',
      'button',
      'input:not([type=hidden])',
      'textarea',
      'select',
      'label',
      '[role=button]',
      'h1, h2, h3, h4',
      'header',
      'nav',
    ].join(', ');
    const covered: string[] = [];
    for (const element of document.querySelectorAll(selector)) {
      if (toast.contains(element)) continue;
      const box = element.getBoundingClientRect();
      let top = Math.max(box.top, 0);
      let bottom = Math.min(box.bottom, window.innerHeight);
      let left = Math.max(box.left, 0);
      let right = Math.min(box.right, window.innerWidth);
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const clip = parent.getBoundingClientRect();
        top = Math.max(top, clip.top);
        bottom = Math.min(bottom, clip.bottom);
        left = Math.max(left, clip.left);
        right = Math.min(right, clip.right);
      }
      const seen =
        bottom > top && right > left && getComputedStyle(element).visibility !== 'hidden';
      const meets =
        seen &&
        top < shown.bottom &&
        shown.top < bottom &&
        left < shown.right &&
        shown.left < right;
      if (meets) {
        const name =
          element.getAttribute('aria-label') ||
          (element.textContent ?? '').trim().slice(0, 40) ||
          element.className;
        covered.push(`${element.tagName.toLowerCase()} "${name}"`);
      }
    }
    return covered;
  }, TOAST_SELECTOR);
}
