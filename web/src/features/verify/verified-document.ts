import { formatUtcSeconds } from '@domain/dates';
import type { VerifyResult } from './verify-api';

/**
 * What a genuine copy is, in the words the signing page and the mails use: "Contract #12", or a
 * change order's "Change Order 2 to Contract #12" (issue 38), never its own record's number.
 */
export function verifiedDocumentName(result: VerifyResult): string {
  const changeOrder = result.change_order;
  return changeOrder
    ? `Change Order ${changeOrder.number} to Contract #${changeOrder.contract_id}`
    : `Contract #${result.contract_id}`;
}

/**
 * A change order's contract, by the fingerprint of its sealed copy as the change order's
 * certificate prints it; said plainly when that contract has none. Null for a contract.
 */
export function changedContractLines(
  result: VerifyResult,
): { heading: string; fingerprintLabel: string | null; fingerprint: string | null } | null {
  const changeOrder = result.change_order;
  if (!changeOrder) return null;
  const contract = `Contract #${changeOrder.contract_id}`;
  return {
    heading: `Changes ${contract}`,
    fingerprintLabel: changeOrder.contract_sha256
      ? `SHA-256 fingerprint of ${contract}'s sealed copy`
      : `${contract} has no sealed copy yet.`,
    fingerprint: changeOrder.contract_sha256,
  };
}

/**
 * Who sealed the copy and on whose clock (issue 39): the company's own certificate by name, and a
 * timestamp authority's time next to this server's. Nothing for a copy sealed by the app's own
 * certificate with no authority set up, as before.
 */
export function sealLines(result: VerifyResult): string[] {
  const seal = result.seal;
  if (!seal) return [];
  const lines: string[] = [];
  if (seal.signer.source === 'company') {
    lines.push(
      `Sealed by ${seal.signer.common_name}, with a certificate issued by ${seal.signer.issuer_common_name}`,
    );
  }
  const serverClock = formatUtcSeconds(seal.sealed_at_server);
  if (seal.timestamp) {
    lines.push(
      `Trusted timestamp: ${formatUtcSeconds(seal.timestamp.at)}, from ${seal.timestamp.authority} (${seal.timestamp.url_host}); this server's clock said ${serverClock}`,
    );
  } else if (seal.timestamp_missing === 'authority_unavailable') {
    lines.push(
      `No trusted timestamp: the timestamp authority did not give a valid timestamp in time, so the seal's time is this server's clock alone: ${serverClock}`,
    );
  }
  return lines;
}
