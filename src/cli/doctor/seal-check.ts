import type { Config } from '../../config.js';
import { loadSealSettings } from '../../features/documents/seal-settings.js';
import { fail, ok, warn, type Finding } from './finding.js';

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
