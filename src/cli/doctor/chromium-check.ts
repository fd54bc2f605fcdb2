import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { chromiumSandboxAllowed, headlessChromiumLaunch } from '../../lib/chromium.js';
import { fail, ok, reasonOf, type Finding } from './finding.js';

/** What a missing or broken Chromium costs (createPdfRenderer falls back to the HTML copy). */
const CONSEQUENCE =
  'contracts are still signed, but the signed copies are sent as HTML instead of sealed PDFs';

const INSTALL = 'install it: apt-get install chromium, or set CHROMIUM_PATH to where it is';

/** A cold start on a small VPS takes seconds; this is not a network wait, so not timeoutMs. */
const LAUNCH_DEADLINE_MS = 30_000;

/** Launches Chromium as the PDF renderer does and prints a one-line page. */
export async function checkChromium(chromiumPath: string): Promise<Finding> {
  const found = await stat(chromiumPath).catch(() => undefined);
  if (!found?.isFile()) {
    return fail(`No Chromium at ${chromiumPath}: ${CONSEQUENCE}`, INSTALL);
  }
  try {
    await access(chromiumPath, constants.X_OK);
  } catch {
    return fail(
      `${chromiumPath} is not executable: ${CONSEQUENCE}`,
      `chmod +x ${chromiumPath}, or ${INSTALL}`,
    );
  }
  let bytes: number;
  try {
    bytes = await printTestPage(chromiumPath);
  } catch (error) {
    return fail(
      `Chromium at ${chromiumPath} does not start or print: ${reasonOf(error).replace(/^browserType\.launch: /, '')}; ${CONSEQUENCE}`,
      `reinstall it: apt-get install --reinstall chromium, or set CHROMIUM_PATH to a working Chromium`,
    );
  }
  const sandbox = chromiumSandboxAllowed()
    ? ''
    : ' (without its own sandbox, as this runs as root; TradeSign should run as its own user)';
  return ok(
    `Chromium at ${chromiumPath} prints PDFs: a test page came out at ${bytes} bytes${sandbox}`,
  );
}

async function printTestPage(chromiumPath: string): Promise<number> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    ...headlessChromiumLaunch(chromiumPath),
    timeout: LAUNCH_DEADLINE_MS,
  });
  try {
    // As the renderer does: no script, no network.
    const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
    const page = await context.newPage();
    await page.setContent('<p>ok</p>', { timeout: LAUNCH_DEADLINE_MS });
    const pdf = await page.pdf({ format: 'Letter' });
    return pdf.length;
  } finally {
    await browser.close();
  }
}
