import { existsSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import {
  CHROMIUM_WITHOUT_SANDBOX_WARNING,
  chromiumSandboxAllowed,
  headlessChromiumLaunch,
} from '../../lib/chromium.js';

import { PDFDocument } from 'pdf-lib';
import {
  createPagePool,
  defaultPrintConcurrency,
  printSlots,
  type PrintPage,
} from './print-pages.js';

import type { PdfRenderer, RenderOptions } from '../../ports/pdf-renderer.js';

export { defaultPrintConcurrency } from './print-pages.js';
export type { PdfRenderer, RenderOptions } from '../../ports/pdf-renderer.js';

/** A contract longer than this is refused at save and at send (docs/decisions/016). */
export const CONTRACT_MAX_PAGES = 60;

/** The document would print more pages than allowed: no retry can change that. */
export class DocumentTooLongError extends Error {
  constructor(readonly maxPages: number) {
    super(`The contract would print more than ${maxPages} pages`);
    this.name = 'DocumentTooLongError';
  }
}

/** Chromium did not finish in time; its page (or the whole browser) was closed. */
export class RenderTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`Printing took longer than ${Math.round(timeoutMs / 1000)} s and was stopped`);
    this.name = 'RenderTimeoutError';
  }
}

export class RenderQueueFullError extends Error {
  constructor() {
    super('Too many documents are being rendered; the job will be retried');
    this.name = 'RenderQueueFullError';
  }
}

/**
 * One Chromium, started on first use and reused; up to `concurrency` pages print at once, each in
 * a context of its own, with a bounded queue behind them so a burst of signatures cannot exhaust
 * a small VPS: while one page lays out, Chromium's other processes and this one (merging and
 * sealing) use the other cores (issue 33). A page that printed is kept for the next document,
 * after a navigation to about:blank that ends everything of the last one, and closed after
 * 25 documents (print-pages.ts) or any failure. Contract HTML is untrusted (a contractor's
 * template): pages render with JavaScript off and every network request refused, so a document
 * can only show what it carries inside itself. Each render has its own hard deadline and page
 * limit: past the deadline its page is closed, and if Chromium does not let go, the browser is,
 * so the next render starts clean (the renders in flight with it then fail and are retried).
 * Documents print in screen media, as the client saw them (docs/decisions/016).
 */
export function createPdfRenderer(options: {
  chromiumPath: string;
  log: { warn(obj: object, msg?: string): void };
  /** Renders waiting or printing, at most; more are refused (RenderQueueFullError). */
  maxQueued?: number;
  /** Pages printing at once; defaultPrintConcurrency() when left out. */
  concurrency?: number;
  /** Hard deadline of one render, default 60 s. */
  timeoutMs?: number;
  /** Whether Chromium gets its own sandbox; by default unless this process runs as root. */
  sandbox?: boolean;
}): PdfRenderer {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const available = existsSync(options.chromiumPath);
  if (!available) {
    options.log.warn(
      { chromiumPath: options.chromiumPath },
      "Chromium not found: signed contracts are sent as HTML copies instead of sealed PDFs (install Debian's chromium package or set CHROMIUM_PATH)",
    );
  }
  const sandbox = options.sandbox ?? chromiumSandboxAllowed();
  if (available && !sandbox) options.log.warn({}, CHROMIUM_WITHOUT_SANDBOX_WARNING);
  const maxQueued = options.maxQueued ?? 20;
  const concurrency = Math.max(1, options.concurrency ?? defaultPrintConcurrency());
  const slots = printSlots(concurrency);
  let browser: Promise<Browser> | undefined;
  let queued = 0;
  const pages = createPagePool();

  const getBrowser = () => {
    if (browser) return browser;
    // playwright-core is loaded with the first print, not at start: it is the largest module the
    // server has (docs/perf.md, start-up and idle memory).
    const launching = import('playwright-core')
      .then(({ chromium }) =>
        chromium.launch({
          ...headlessChromiumLaunch(options.chromiumPath, sandbox),
          // The server decides when to stop: Playwright's own handlers would close Chromium under a
          // render in flight on SIGTERM, and exit the whole process on Ctrl-C (the drills show it).
          handleSIGINT: false,
          handleSIGTERM: false,
          handleSIGHUP: false,
        }),
      )
      .then((launched) => {
        // A crashed browser is replaced on the next render instead of failing every job after it.
        launched.on('disconnected', () => {
          browser = undefined;
          pages.forget(launched);
        });
        return launched;
      });
    // A Chromium that failed to start is tried again by the next render (a Retry, once it is
    // fixed), not remembered as failed until the server restarts.
    launching.catch(() => {
      if (browser === launching) browser = undefined;
    });
    browser = launching;
    return launching;
  };

  async function renderWithDeadline(html: string, renderOptions: RenderOptions): Promise<Buffer> {
    const launched = await getBrowser();
    let printing: PrintPage | undefined;
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        timedOut = true;
        reject(new RenderTimeoutError(timeoutMs));
        // Closing the context ends its renderer process; a browser that hangs on even that is
        // closed whole (the next render launches a new one).
        const forceClose = setTimeout(() => void launched.close().catch(() => undefined), 5_000);
        void (printing?.context.close() ?? Promise.resolve()).then(
          () => clearTimeout(forceClose),
          () => undefined,
        );
      }, timeoutMs);
    });
    const print = (async () => {
      const taken = await pages.take(launched);
      if (timedOut) {
        // A page that came after the deadline is not used.
        await taken.context.close().catch(() => undefined);
        throw new RenderTimeoutError(timeoutMs);
      }
      printing = taken;
      return printPage(taken.page, html, renderOptions);
    })();
    // Past the deadline nobody waits for it: its failure is the deadline's.
    print.catch(() => undefined);
    let printed = false;
    try {
      const pdf = await Promise.race([print, deadline]);
      printed = true;
      if (renderOptions.maxPages !== undefined) {
        const pages = (await PDFDocument.load(pdf)).getPageCount();
        if (pages > renderOptions.maxPages) throw new DocumentTooLongError(renderOptions.maxPages);
      }
      return pdf;
    } finally {
      clearTimeout(timer);
      if (printing && printed && !timedOut) pages.keepOrClose(printing);
      else if (printing) await printing.context.close().catch(() => undefined);
    }
  }

  async function printPage(
    page: Page,
    html: string,
    renderOptions: RenderOptions,
  ): Promise<Buffer> {
    // Whatever the last document left (it ran no script, fetched nothing) ends with it.
    await page.goto('about:blank');
    await page.setContent(html, { waitUntil: 'load', timeout: timeoutMs });
    const footerLabel = renderOptions.footerLabel ?? '';
    const pageWords = renderOptions.pageWords ?? { page: 'Page', of: 'of' };
    return page.pdf({
      format: 'Letter',
      printBackground: true,
      preferCSSPageSize: true,
      displayHeaderFooter: true,
      headerTemplate: renderOptions.headerLabel
        ? '<div style="width:100%;padding:0 0.6in;text-align:center">' +
          '<span style="display:inline-block;font:bold 11px system-ui,sans-serif;color:#000;border:1.5px solid #000;padding:3px 10px;letter-spacing:0.03em">' +
          `${escapeFooter(renderOptions.headerLabel)}</span></div>`
        : '<span></span>',
      footerTemplate:
        '<div style="width:100%;font:8px system-ui,sans-serif;color:#555;padding:0 0.6in;display:flex;justify-content:space-between">' +
        `<span>${escapeFooter(footerLabel)}</span>` +
        `<span>${escapeFooter(pageWords.page)} <span class="pageNumber"></span> ` +
        `${escapeFooter(pageWords.of)} <span class="totalPages"></span></span></div>`,
      margin: { top: '0.6in', bottom: '0.75in', left: '0.6in', right: '0.6in' },
      // One page past the limit tells a too-long document apart without printing all of it.
      ...(renderOptions.maxPages === undefined
        ? {}
        : { pageRanges: `1-${renderOptions.maxPages + 1}` }),
    });
  }

  return {
    available,
    concurrency,
    render(html, renderOptions = {}) {
      if (!available)
        return Promise.reject(new Error(`Chromium not found at ${options.chromiumPath}`));
      if (queued >= maxQueued) return Promise.reject(new RenderQueueFullError());
      queued += 1;
      return slots
        .take()
        .then(() => renderWithDeadline(html, renderOptions))
        .finally(() => {
          slots.give();
          queued -= 1;
        });
    },
    async close() {
      const open = browser;
      browser = undefined;
      pages.forget();
      if (open) await (await open).close();
    },
  };
}

function escapeFooter(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
