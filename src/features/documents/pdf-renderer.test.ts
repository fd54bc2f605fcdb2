import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signedSampleContractHtml } from '../../test/factories.js';
import { pdfText } from '../../test/pdf-text.js';
import {
  createPdfRenderer,
  defaultPrintConcurrency,
  DocumentTooLongError,
  RenderTimeoutError,
} from './pdf-renderer.js';

const warnings: string[] = [];
const log = { warn: (_obj: object, msg?: string) => warnings.push(msg ?? '') };
const renderer = createPdfRenderer({ chromiumPath: '/usr/bin/chromium', log });

afterAll(async () => {
  await renderer.close();
});

describe('rendering contracts to PDF with Chromium', () => {
  it('prints a signed contract on Letter pages with page numbers, text intact', async () => {
    const pdf = await renderer.render(signedSampleContractHtml(), { footerLabel: 'Contract #42' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = await pdfText(pdf);
    expect(pages).toBeGreaterThan(1);
    for (const expected of [
      'Jordan Rivera',
      'Greenleaf Landscaping',
      '$5,000.00',
      'November 21, 2026',
      'November 22, 2026',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain(`Page 1 of ${pages}`);
    expect(text).toContain('Contract #42');
  });

  it('runs no script and fetches nothing from the network while printing', async () => {
    const requests: string[] = [];
    const server = createServer((request, response) => {
      requests.push(request.url ?? '');
      response.end('x');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const html =
        `<html><body><p>Plain terms</p><script>document.body.innerHTML += '<p>SCRIPT RAN</p>'</script>` +
        `<img src="http://127.0.0.1:${port}/tracker.png"><link rel="stylesheet" href="http://127.0.0.1:${port}/x.css"></body></html>`;
      const { text } = await pdfText(await renderer.render(html));
      expect(text).toContain('Plain terms');
      expect(text).not.toContain('SCRIPT RAN');
      expect(requests).toEqual([]);
    } finally {
      server.close();
    }
  });

  it('prints several documents at once, each only its own, and keeps working after many', async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, index) => renderer.render(`<p>Document ${index}</p>`)),
    );
    const texts = await Promise.all(results.map(async (pdf) => (await pdfText(pdf)).text));
    texts.forEach((text, index) => {
      expect(text).toContain(`Document ${index}`);
      // Pages are kept between documents: none carries another's words.
      for (const other of [0, 1, 2, 3].filter((n) => n !== index)) {
        expect(text).not.toContain(`Document ${other}`);
      }
    });
    // Again on the kept pages, after more documents than there are pages.
    const again = await renderer.render('<p>Document after</p>');
    expect((await pdfText(again)).text).not.toMatch(/Document \d/);
  });
});

describe('bounds on a hostile document', () => {
  it('prints in screen media: what a screen shows, not a print-only version', async () => {
    const html =
      '<style>@media print { .screen { display: none } } @media screen { .print { display: none } }</style>' +
      '<p class="screen">Ten-year warranty</p><p class="print">No warranty</p>';
    const { text } = await pdfText(await renderer.render(html));
    expect(text).toContain('Ten-year warranty');
    expect(text).not.toContain('No warranty');
  });

  it('refuses a document that would print more pages than allowed, printing only one past it', async () => {
    const html = '<div style="break-after: page">Terms</div>'.repeat(80);
    await expect(renderer.render(html, { maxPages: 60 })).rejects.toBeInstanceOf(
      DocumentTooLongError,
    );
    const fits = await renderer.render(html.slice(0, html.length / 2), { maxPages: 60 });
    expect((await pdfText(fits)).pages).toBe(40);
  });

  it('prints other documents beside a slow one, and its deadline stops it alone', async () => {
    // 15 s: the quick print (and Chromium's start) fits in it on two cores while the slow one
    // takes one of them (8 s did not, once, with other browser tests running: run 57), and the
    // slow one (about 45 s) never does.
    const beside = createPdfRenderer({
      chromiumPath: '/usr/bin/chromium',
      log,
      timeoutMs: 15_000,
      concurrency: 2,
    });
    try {
      const finished: string[] = [];
      const slow = `<table>${'<tr><td>cell</td><td>cell</td></tr>'.repeat(60_000)}</table>`;
      const stopped = beside.render(slow).catch((error: unknown) => {
        finished.push('slow');
        throw error;
      });
      // Should the quick print fail first, the slow one's stop is still heard (asserted below).
      stopped.catch(() => undefined);
      const quick = await beside.render('<p>Printed beside it</p>');
      finished.push('quick');
      await expect(stopped).rejects.toBeInstanceOf(RenderTimeoutError);
      // The quick one did not wait in line behind the slow one's deadline.
      expect(finished).toEqual(['quick', 'slow']);
      expect((await pdfText(quick)).text).toContain('Printed beside it');
      const { text } = await pdfText(await beside.render('<p>After the stop</p>'));
      expect(text).toContain('After the stop');
    } finally {
      await beside.close();
    }
  });

  it('stops a render past its deadline, and the same renderer prints the next document', async () => {
    // The deadline is each render's: the next one may start a new Chromium, which on two busy
    // cores took more than 3 s (fresh run 29), so it is 8 s, still far below the slow print's.
    const hurried = createPdfRenderer({ chromiumPath: '/usr/bin/chromium', log, timeoutMs: 8000 });
    try {
      // 60,000 table rows take this machine's Chromium about 45 s to lay out and print.
      const slow = `<table>${'<tr><td>cell</td><td>cell</td></tr>'.repeat(60_000)}</table>`;
      await expect(hurried.render(slow)).rejects.toBeInstanceOf(RenderTimeoutError);
      const { text } = await pdfText(await hurried.render('<p>After the stop</p>'));
      expect(text).toContain('After the stop');
    } finally {
      await hurried.close();
    }
  });
});

describe('without Chromium', () => {
  it('says so once and refuses to render, so callers send the HTML copy', async () => {
    const missing: string[] = [];
    const absent = createPdfRenderer({
      chromiumPath: '/nonexistent/chromium',
      log: { warn: (_obj, msg) => missing.push(msg ?? '') },
    });
    expect(absent.available).toBe(false);
    expect(missing).toHaveLength(1);
    expect(missing[0]).toContain('Chromium not found');
    await expect(absent.render('<p>x</p>')).rejects.toThrow(/Chromium not found/);
  });

  it('starts Chromium again on the next render after it failed to start', async () => {
    // Debian's Chromium behind a script that fails to start while a flag file is there.
    const folder = mkdtempSync(path.join(tmpdir(), 'tradesign-chromium-'));
    const flag = path.join(folder, 'broken');
    const script = path.join(folder, 'chromium');
    writeFileSync(script, `#!/bin/sh\n[ -e '${flag}' ] && exit 1\nexec /usr/bin/chromium "$@"\n`);
    chmodSync(script, 0o755);
    writeFileSync(flag, '');
    const flaky = createPdfRenderer({ chromiumPath: script, log });
    try {
      await expect(flaky.render('<p>First try</p>')).rejects.toThrow();
      rmSync(flag);
      const pdf = await flaky.render('<p>Second try</p>');
      expect((await pdfText(pdf)).text).toContain('Second try');
    } finally {
      await flaky.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('pages printed at once by default', () => {
  it('prints one per core and one more, at most four, and no more than memory holds', () => {
    const gb = 1024 ** 3;
    expect(defaultPrintConcurrency(2, 24 * gb)).toBe(3);
    expect(defaultPrintConcurrency(8, 24 * gb)).toBe(4);
    expect(defaultPrintConcurrency(1, 24 * gb)).toBe(2);
    // A 1 GB VPS: two pages at once, whatever its cores.
    expect(defaultPrintConcurrency(4, 1 * gb)).toBe(2);
    expect(defaultPrintConcurrency(4, 0.4 * gb)).toBe(1);
  });
});
