/**
 * Draws the app's icons (web/public/icon-*.png, apple-touch-icon.png) from web/public/favicon.svg
 * with the Debian Chromium the app prints contracts with, so no image library with native parts
 * (sharp) is needed (docs/research/040-offline-drafting.md section 1). Run it once after the mark
 * changes, look at the PNGs, and commit them:
 *
 *   node --import tsx scripts/make-icons.ts
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { DEBIAN_CHROMIUM_PATH, headlessChromiumLaunch } from '../src/lib/chromium.js';

const publicDir = path.resolve(import.meta.dirname, '../web/public');
/** The mark's own background colour (favicon.svg), the app's primary (web/src/lib/theme.ts). */
const MARK_BLUE = '#1864ab';

interface Icon {
  file: string;
  size: number;
  /**
   * Share of the side the mark takes, centred on a square of the mark's blue. A maskable icon
   * (Android) is cut to any shape that keeps the middle 80 % (a circle of radius 40 %), and iOS
   * rounds and fills the corners of an apple-touch-icon itself, so both fill the whole square.
   * Undefined: the mark as it is, its rounded corners see-through.
   */
  markShare?: number;
}

const ICONS: Icon[] = [
  { file: 'icon-192.png', size: 192 },
  { file: 'icon-512.png', size: 512 },
  { file: 'icon-maskable-512.png', size: 512, markShare: 0.8 },
  { file: 'apple-touch-icon.png', size: 180, markShare: 0.9 },
];

function pageOf(svg: string, icon: Icon): string {
  const markSize = Math.round(icon.size * (icon.markShare ?? 1));
  const background = icon.markShare === undefined ? 'transparent' : MARK_BLUE;
  const source = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  return `<!doctype html><html><body style="margin:0;background:${background};width:${icon.size}px;height:${icon.size}px;display:grid;place-items:center"><img src="${source}" width="${markSize}" height="${markSize}"></body></html>`;
}

const svg = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const browser = await chromium.launch(headlessChromiumLaunch(DEBIAN_CHROMIUM_PATH));
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({
      viewport: { width: icon.size, height: icon.size },
      deviceScaleFactor: 1,
    });
    // setContent waits for the page's load event, which waits for the image.
    await page.setContent(pageOf(svg, icon), { waitUntil: 'load' });
    await page.screenshot({ path: path.join(publicDir, icon.file), omitBackground: true });
    await page.close();
    console.log(`web/public/${icon.file}: ${icon.size}×${icon.size}`);
  }
} finally {
  await browser.close();
}
