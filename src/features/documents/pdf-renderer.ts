import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { HEADLESS_CHROMIUM_FLAGS } from '../../lib/chromium.js';

export interface PdfRenderer {
  /** False when no Chromium is installed: callers fall back to the HTML executed copy. */
  readonly available: boolean;
  /** Prints a complete HTML document to a Letter-size PDF with page numbers. */
  render(html: string, options?: { footerLabel?: string }): Promise<Buffer>;
  close(): Promise<void>;
}

export class RenderQueueFullError extends Error {
  constructor() {
    super('Too many documents are being rendered; the job will be retried');
    this.name = 'RenderQueueFullError';
  }
}

/**
 * One Chromium, started on first use and reused; renders run one at a time with a bounded queue
 * so a burst of signatures cannot exhaust a small VPS. Contract HTML is untrusted (a contractor's
 * template): pages render with JavaScript off and every network request refused, so a document
 * can only show what it carries inside itself.
 */
export function createPdfRenderer(options: {
  chromiumPath: string;
  log: { warn(obj: object, msg?: string): void };
  maxQueued?: number;
}): PdfRenderer {
  const available = existsSync(options.chromiumPath);
  if (!available) {
    options.log.warn(
      { chromiumPath: options.chromiumPath },
      "Chromium not found: signed contracts are sent as HTML copies instead of sealed PDFs (install Debian's chromium package or set CHROMIUM_PATH)",
    );
  }
  const maxQueued = options.maxQueued ?? 20;
  let browser: Promise<Browser> | undefined;
  let tail: Promise<unknown> = Promise.resolve();
  let queued = 0;

  const getBrowser = () => {
    browser ??= chromium
      .launch({
        executablePath: options.chromiumPath,
        args: HEADLESS_CHROMIUM_FLAGS,
        // The server decides when to stop: Playwright's own handlers would close Chromium under a
        // render in flight on SIGTERM, and exit the whole process on Ctrl-C (the drills show it).
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      })
      .then((launched) => {
        // A crashed browser is replaced on the next render instead of failing every job after it.
        launched.on('disconnected', () => {
          browser = undefined;
        });
        return launched;
      });
    return browser;
  };

  async function renderNow(html: string, footerLabel: string): Promise<Buffer> {
    const context = await (
      await getBrowser()
    ).newContext({ javaScriptEnabled: false, offline: true });
    try {
      const page = await context.newPage();
      await page.route('**/*', (route) =>
        route.request().url().startsWith('data:') ? route.continue() : route.abort(),
      );
      await page.setContent(html, { waitUntil: 'load', timeout: 30_000 });
      return await page.pdf({
        format: 'Letter',
        printBackground: true,
        preferCSSPageSize: true,
        displayHeaderFooter: true,
        headerTemplate: '<span></span>',
        footerTemplate:
          '<div style="width:100%;font:8px system-ui,sans-serif;color:#555;padding:0 0.6in;display:flex;justify-content:space-between">' +
          `<span>${escapeFooter(footerLabel)}</span>` +
          '<span>Page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>',
        margin: { top: '0.6in', bottom: '0.75in', left: '0.6in', right: '0.6in' },
      });
    } finally {
      await context.close();
    }
  }

  return {
    available,
    render(html, renderOptions = {}) {
      if (!available)
        return Promise.reject(new Error(`Chromium not found at ${options.chromiumPath}`));
      if (queued >= maxQueued) return Promise.reject(new RenderQueueFullError());
      queued += 1;
      const job = tail.then(() => renderNow(html, renderOptions.footerLabel ?? ''));
      tail = job
        .catch(() => undefined)
        .finally(() => {
          queued -= 1;
        });
      return job;
    },
    async close() {
      const open = browser;
      browser = undefined;
      if (open) await (await open).close();
    },
  };
}

function escapeFooter(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
