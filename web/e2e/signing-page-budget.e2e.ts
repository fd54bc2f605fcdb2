import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../src/test/smtp-sink';
import { newPage, PHONE, startAppAndBrowserPerFile } from './support/browser';
import { signedInPage } from './support/flows';
import { sendContractByApi, signingLinkIn } from './support/send-by-api';

/**
 * Issue 20's budgets for the signing page, checked on the build the browser tests run against,
 * by bytes, not by timing: at most 75 KB of JavaScript and 15 KB of CSS as sent (brotli, as
 * precompressed at build time), nothing of the app's heavy libraries, and no request to any
 * other origin when a phone opens the page.
 */
const dist = path.resolve(import.meta.dirname, '../dist');
const KB = 1024;

/** The files web/dist/signing.html makes a browser load: the island, its chunks, its styles. */
function signingPageFiles(): { scripts: string[]; styles: string[] } {
  const shell = readFileSync(path.join(dist, 'signing.html'), 'utf8');
  const files = (pattern: RegExp) => [...shell.matchAll(pattern)].map((match) => match[1] ?? '');
  return {
    scripts: files(
      /<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="([^"]+)"/g,
    ),
    styles: files(/<link rel="stylesheet"[^>]*href="([^"]+)"/g),
  };
}

/** Bytes as sent: the precompressed .br beside the file, or the file where none was worth it. */
function sentBytes(file: string): number {
  const full = path.join(dist, file);
  try {
    return readFileSync(`${full}.br`).length;
  } catch {
    return readFileSync(full).length;
  }
}

let smtp: SmtpSink | undefined;
const running = startAppAndBrowserPerFile({
  serverEnv: async () => {
    smtp = await startSmtpSink();
    return { SMTP_URL: smtp.url, OLLAMA_HOST: 'http://127.0.0.1:9' };
  },
});
afterAll(async () => {
  await smtp?.stop();
});

describe("the signing page's budget", () => {
  it('sends at most 75 KB of JavaScript and 15 KB of CSS, brotli', () => {
    const { scripts, styles } = signingPageFiles();
    expect(scripts.length).toBeGreaterThan(0);
    expect(styles.length).toBeGreaterThan(0);
    const js = scripts.reduce((sum, file) => sum + sentBytes(file), 0);
    const css = styles.reduce((sum, file) => sum + sentBytes(file), 0);
    console.log(`signing page: ${(js / KB).toFixed(1)} KB JS, ${(css / KB).toFixed(1)} KB CSS`);
    expect(js).toBeLessThanOrEqual(75 * KB);
    expect(css).toBeLessThanOrEqual(15 * KB);
  });

  it('loads no Mantine, router, tRPC, Query or zod', () => {
    const contents = JSON.parse(
      readFileSync(path.join(dist, '.vite/chunk-contents.json'), 'utf8'),
    ) as Record<string, string[]>;
    const modules = signingPageFiles().scripts.flatMap(
      (file) => contents[file.replace(/^\//, '')] ?? [],
    );
    expect(modules.some((module) => module.includes('react-dom'))).toBe(true);
    const heavy = modules.filter((module) =>
      /@mantine|@tanstack|@trpc|node_modules\/zod|web\/src\/lib\/zod/.test(module),
    );
    expect(heavy).toEqual([]);
  });

  it('asks nothing of another origin on a phone, and its script renders the pad', async () => {
    const contractor = await signedInPage(running, { company: 'Budget Builders' });
    const client = { name: 'Robin Lean', email: 'robin.lean@example.com' };
    await sendContractByApi(contractor, running.app().url, client);
    const mail = await smtp!.waitFor((message) => message.to.includes(client.email), 15_000);

    const { page } = await newPage(running.browser(), running.app().url, PHONE);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(signingLinkIn(mail.text));
    await page.getByRole('img', { name: 'Sign below to accept: empty' }).waitFor();
    await page.waitForLoadState('networkidle');
    const origin = new URL(running.app().url).origin;
    expect(
      requests.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:')),
    ).toEqual([]);
    // The page's own scripts are the island's; the app's entry is not among them.
    const scripts = requests
      .filter((url) => url.endsWith('.js'))
      .map((url) => new URL(url).pathname);
    expect(scripts.sort()).toEqual(signingPageFiles().scripts.sort());
  });
});
