import type { Messages } from '../../../domain/i18n/catalogue.js';
import type { ChangedContract } from './types.js';

/** The lines of a change order's certificate about the contract it changes (issue 38). */
export interface ChangedContractView {
  /** "Changes Contract #12". */
  heading: string;
  /** The contract's sealed copy by its fingerprint; null when it has none yet. */
  sealedCopy: { label: string; sha256: string } | null;
  /** Printed instead of the fingerprint when there is none, so its absence is said, not hidden. */
  noSealedCopy: string;
}

type CertificateWords = Messages['certificate'];

/** What the certificate calls the document it certifies: the contract, or the change order. */
export function certifiedDocumentName(
  contractId: number,
  changeOrder: ChangedContract | null | undefined,
  words: CertificateWords,
): { heading: (title: string) => string; documentTitle: string } {
  if (!changeOrder) {
    return {
      heading: (title) => words.contractHeading(contractId, title),
      documentTitle: words.documentTitle(contractId),
    };
  }
  // Its number in its contract's line, never its own row's id, which no one else ever sees.
  const name = words.changeOrder.name(changeOrder.number, changeOrder.contractId);
  return {
    heading: () => name,
    documentTitle: words.changeOrder.documentTitle(changeOrder.number, changeOrder.contractId),
  };
}

export function changedContractView(
  changeOrder: ChangedContract | null | undefined,
  words: CertificateWords,
): ChangedContractView | null {
  if (!changeOrder) return null;
  const { contractId, contractSha256 } = changeOrder;
  return {
    heading: words.changeOrder.changes(contractId),
    sealedCopy: contractSha256
      ? { label: words.changeOrder.contractSha256(contractId), sha256: contractSha256 }
      : null,
    noSealedCopy: words.changeOrder.noSealedContract(contractId),
  };
}
