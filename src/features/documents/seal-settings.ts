import { readFileSync } from 'node:fs';
import type { Config } from '../../config.js';
import {
  openOwnSealCertificate,
  type OwnSealCertificate,
  type SealCertificateProblem,
} from './seal/own-certificate.js';

/** How copies are sealed on this install (issue 39): whose certificate, and whose clock. */
export interface SealSettings {
  /** The company's own certificate; unset, the app's generated one (sealing-key.ts). */
  own?: OwnSealCertificate;
  /** The RFC 3161 timestamp authority every seal asks, and how long it may take. */
  timestampAuthority?: { url: string; timeoutMs: number };
}

export type SealSettingsCheck =
  | { settings: SealSettings; problems: SealCertificateProblem[] }
  | { settings?: undefined; problems: SealCertificateProblem[] };

/**
 * Reads SEAL_P12_PATH with its passphrase and checks the certificate (own-certificate.ts). A
 * `fail` problem means nothing can be sealed with these settings: `start` refuses them, `doctor`
 * says why.
 */
export function loadSealSettings(config: Config, now: Date): SealSettingsCheck {
  const timestampAuthority = config.TSA_URL
    ? { url: config.TSA_URL, timeoutMs: config.TSA_TIMEOUT_MS }
    : undefined;
  const withTimestamp = timestampAuthority ? { timestampAuthority } : {};
  const path = config.SEAL_P12_PATH;
  if (path === undefined) return { settings: withTimestamp, problems: [] };
  const name = `SEAL_P12_PATH=${path}`;
  const p12 = readOrProblem(path, name);
  if ('problem' in p12) return { problems: [p12.problem] };
  let passphrase = config.SEAL_P12_PASSPHRASE;
  if (passphrase === undefined) {
    const file = config.SEAL_P12_PASSPHRASE_FILE ?? '';
    // Named without its value: a passphrase pasted into the variable by mistake stays unshown.
    const read = readOrProblem(file, 'SEAL_P12_PASSPHRASE_FILE');
    if ('problem' in read) return { problems: [read.problem] };
    // Editors and `echo` end a file with a newline that is no part of the passphrase.
    passphrase = read.bytes.toString('utf8').replace(/\r?\n$/, '');
  }
  const checked = openOwnSealCertificate(p12.bytes, passphrase, name, now);
  if (!checked.opened) return { problems: checked.problems };
  return { settings: { own: checked.opened, ...withTimestamp }, problems: checked.problems };
}

function readOrProblem(
  path: string,
  name: string,
): { bytes: Buffer } | { problem: SealCertificateProblem } {
  try {
    return { bytes: readFileSync(path) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EACCES' || code === 'EPERM'
          ? 'permission denied'
          : code === 'EISDIR'
            ? 'a folder, not a file'
            : (error as Error).message;
    return {
      problem: {
        level: 'fail',
        message: `${name}: ${reason}`,
        fix: 'point it at a file the user running TradeSign can read',
      },
    };
  }
}
