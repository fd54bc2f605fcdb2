import os from 'node:os';
import type { Browser, BrowserContext, Page } from 'playwright-core';

/**
 * The printing slots of createPdfRenderer (pdf-renderer.ts): how many pages print at once, and
 * the pages kept between prints (issue 33).
 */

const PRINT_MEMORY_MB = 512;

/**
 * Documents one page prints before it is closed for a fresh one: a page is kept between prints
 * (starting one was 40 % of a print), and renewed now and then so no renderer process grows.
 */
export const PRINTS_PER_PAGE = 25;

/** A page kept between prints: its own context, the request filter and screen media set. */
export interface PrintPage {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  prints: number;
  /** Its renderer process died (a crash, the machine's out-of-memory killer). */
  crashed: boolean;
}

/**
 * How many pages one Chromium prints at once by default: one per core and one more, so no core
 * waits while this process seals a copy or a page loads, at most four, and no more than one per
 * 512 MB of the machine's memory (a page's renderer process holds about 100 to 200 MB of a
 * contract's layout and PDF), so a 1 GB VPS prints two at a time and never swaps. On 2 cores,
 * 20 copies took 9.2 s one at a time, 8.2 s three at a time and 10.4 s four at a time
 * (docs/perf.md, issue 33).
 */
export function defaultPrintConcurrency(
  cores = os.availableParallelism(),
  memoryBytes = os.totalmem(),
): number {
  const byMemory = Math.floor(memoryBytes / (PRINT_MEMORY_MB * 1024 * 1024));
  return Math.max(1, Math.min(4, cores + 1, byMemory));
}

/**
 * Pages that printed and wait for the next document, at most one per slot. A page is only ever
 * taken for the browser it belongs to: after a crash or a restart of Chromium they are dropped.
 */
export function createPagePool() {
  let idle: PrintPage[] = [];
  return {
    /** A kept page of this browser, or a new one with its own context. */
    async take(browser: Browser): Promise<PrintPage> {
      for (let kept = idle.pop(); kept; kept = idle.pop()) {
        if (kept.browser === browser && usable(kept)) return kept;
        void kept.context.close().catch(() => undefined);
      }
      const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
      try {
        const page = await context.newPage();
        await page.route('**/*', (route) =>
          route.request().url().startsWith('data:') ? route.continue() : route.abort(),
        );
        await page.emulateMedia({ media: 'screen' });
        const made: PrintPage = { browser, context, page, prints: 0, crashed: false };
        // A page whose renderer died between prints is replaced, not tried: its death is no
        // fault of the next document.
        page.once('crash', () => {
          made.crashed = true;
        });
        return made;
      } catch (error) {
        await context.close().catch(() => undefined);
        throw error;
      }
    },
    /** Keeps a page that printed for the next document, or closes it. */
    keepOrClose(printing: PrintPage): void {
      printing.prints += 1;
      if (printing.prints < PRINTS_PER_PAGE && usable(printing)) idle.push(printing);
      else void printing.context.close().catch(() => undefined);
    },
    /** Forgets the pages of this browser (it went away), or every page. */
    forget(browser?: Browser): void {
      idle = browser ? idle.filter((kept) => kept.browser !== browser) : [];
    },
  };
}

function usable(kept: PrintPage): boolean {
  return !kept.crashed && !kept.page.isClosed();
}

/** `size` slots taken in turn: a render waits, first come first served, for a free one. */
export function printSlots(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return {
    take(): Promise<void> {
      if (free > 0) {
        free -= 1;
        return Promise.resolve();
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    /** Hands the slot to the next render waiting, or frees it. */
    give(): void {
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    },
  };
}
