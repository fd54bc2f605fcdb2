export { DEBIAN_CHROMIUM_PATH } from '../config.js';

/**
 * Headless, and kept off the network: no updates, sync or background requests (a VPS or CI
 * machine may have no route out, and a contract print must never fetch anything).
 */
const OFFLINE_HEADLESS_FLAGS = [
  '--headless',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Chromium's own sandbox is a second wall around untrusted contract HTML (issue 15). It cannot
 * run as root, so only a root process goes without it; the systemd unit in the README runs
 * TradeSign as its own user.
 */
export function chromiumSandboxAllowed(uid: number | undefined = process.getuid?.()): boolean {
  return uid !== 0;
}

/** Flags for a headless Chromium; `--no-sandbox` only when it runs as root. */
export function headlessChromiumFlags(sandbox = chromiumSandboxAllowed()): string[] {
  return sandbox ? [...OFFLINE_HEADLESS_FLAGS] : [...OFFLINE_HEADLESS_FLAGS, '--no-sandbox'];
}

/**
 * Playwright's launch options for a headless Chromium. Playwright adds `--no-sandbox` itself
 * unless `chromiumSandbox` is true, so the two must agree.
 */
export function headlessChromiumLaunch(
  executablePath: string,
  sandbox = chromiumSandboxAllowed(),
): { executablePath: string; args: string[]; chromiumSandbox: boolean } {
  return { executablePath, args: headlessChromiumFlags(sandbox), chromiumSandbox: sandbox };
}

export const CHROMIUM_WITHOUT_SANDBOX_WARNING =
  'TradeSign runs as root, so Chromium prints contracts without its own sandbox. Run TradeSign as its own user (README, "Running it on a server") to give it one.';
