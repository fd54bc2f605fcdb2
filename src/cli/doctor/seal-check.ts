import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.js';
import { requestTimestamp } from '../../features/documents/seal/index.js';
import { hostOf } from '../../features/documents/copy-timestamp.js';
import { loadSealSettings } from '../../features/documents/seal-settings.js';
import { fail, ok, reasonOf, warn, type Finding } from './finding.js';

/**
 * The seal's own certificate (issue 39): the file, its passphrase, its key usage, its dates (a
 * warning 30 days before it expires) and its chain, as `start` checks them. Unset, the app seals
 * with the certificate it made for itself, which is fine.
 */
export function checkSealCertificate(config: Config, now = new Date()): Finding[] {
  if (!config.SEAL_P12_PATH) {
    return [
      ok(
        'Seal: signed copies are sealed with the certificate TradeSign made for this server (set SEAL_P12_PATH to seal with your own)',
      ),
    ];
  }
  const checked = loadSealSettings(config, now);
  const findings = checked.problems.map((problem) =>
    problem.level === 'fail'
      ? fail(problem.message, problem.fix)
      : warn(problem.message, problem.fix),
  );
  const identity = checked.settings?.own?.identity;
  if (identity) {
    findings.unshift(
      ok(
        `Seal: signed copies are sealed by "${identity.commonName}", issued by "${identity.issuerCommonName}", valid until ${identity.notAfter.slice(0, 10)}`,
      ),
    );
  }
  return findings;
}

/**
 * Asks TSA_URL for one timestamp over random bytes, as each seal will, and checks its token. Never
 * a failure: a copy whose authority does not answer is sealed without a timestamp in the end.
 */
export async function checkTimestampAuthority(config: Config): Promise<Finding[]> {
  if (!config.TSA_URL) return [];
  const host = hostOf(config.TSA_URL);
  try {
    const stamp = await requestTimestamp(config.TSA_URL, randomBytes(32), {
      timeoutMs: config.TSA_TIMEOUT_MS,
    });
    return [ok(`Timestamp authority at ${host} dates seals: ${stamp.authority}`)];
  } catch (error) {
    return [
      warn(
        `${reasonOf(error)}: each copy waits for it (30 s, then 2 min), then is sealed without a trusted timestamp`,
        'check TSA_URL (README, "Your own seal certificate and a trusted timestamp"), or raise TSA_TIMEOUT_MS if the authority is slow',
      ),
    ];
  }
}
