/** Debian's Chromium: the app prints with it, and the tests and benchmarks drive it. */
export const DEBIAN_CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Headless, and kept off the network: no updates, sync or background requests (a VPS or CI
 * machine may have no route out, and a contract print must never fetch anything).
 */
export const HEADLESS_CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
