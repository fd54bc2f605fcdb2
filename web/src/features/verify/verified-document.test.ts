import { describe, expect, it } from 'vitest';
import type { VerifyResult } from './verify-api';
import { changedContractLines, verifiedDocumentName } from './verified-document';

const contract: VerifyResult = {
  genuine: true,
  contract_id: 57,
  contractor: 'Greenleaf Co',
  client: 'Jordan Rivera',
  completed_at: '2026-12-02T16:00:00.000Z',
  signers: [{ name: 'Jordan Rivera', signed_at: '2026-12-02T16:00:00.000Z' }],
  change_order: null,
};

describe('a genuine copy on the verify page', () => {
  it('names a contract by its number, with no line about another contract', () => {
    expect(verifiedDocumentName(contract)).toBe('Contract #57');
    expect(changedContractLines(contract)).toBeNull();
  });

  it("names a change order by its number and its contract, with that contract's fingerprint", () => {
    const changeOrder = {
      ...contract,
      change_order: { number: 2, contract_id: 12, contract_sha256: 'c'.repeat(64) },
    };
    expect(verifiedDocumentName(changeOrder)).toBe('Change Order 2 to Contract #12');
    expect(changedContractLines(changeOrder)).toEqual({
      heading: 'Changes Contract #12',
      fingerprintLabel: "SHA-256 fingerprint of Contract #12's sealed copy",
      fingerprint: 'c'.repeat(64),
    });
  });

  it('says so when the contract a change order changes has no sealed copy', () => {
    const changeOrder = {
      ...contract,
      change_order: { number: 1, contract_id: 12, contract_sha256: null },
    };
    expect(changedContractLines(changeOrder)).toEqual({
      heading: 'Changes Contract #12',
      fingerprintLabel: 'Contract #12 has no sealed copy yet.',
      fingerprint: null,
    });
  });
});
