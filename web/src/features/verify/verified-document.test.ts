import { describe, expect, it } from 'vitest';
import type { VerifyResult } from './verify-api';
import { changedContractLines, sealLines, verifiedDocumentName } from './verified-document';

const contract: VerifyResult = {
  genuine: true,
  contract_id: 57,
  contractor: 'Greenleaf Co',
  client: 'Jordan Rivera',
  completed_at: '2026-12-02T16:00:00.000Z',
  signers: [{ name: 'Jordan Rivera', signed_at: '2026-12-02T16:00:00.000Z' }],
  change_order: null,
  seal: {
    signer: {
      subject: 'CN=TradeSign document seal (contracts.example.com), O=TradeSign',
      common_name: 'TradeSign document seal (contracts.example.com)',
      issuer: 'CN=TradeSign document seal (contracts.example.com), O=TradeSign',
      issuer_common_name: 'TradeSign document seal (contracts.example.com)',
      fingerprint_sha256: 'a'.repeat(64),
      self_signed: true,
      source: 'app',
    },
    sealed_at_server: '2026-12-02T16:00:05.000Z',
    timestamp: null,
    timestamp_missing: 'not_configured',
  },
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

describe('who sealed a genuine copy, and when (issue 39)', () => {
  const acme = {
    subject: 'CN=Acme Roofing LLC, O=Acme Roofing LLC, C=US',
    common_name: 'Acme Roofing LLC',
    issuer: 'CN=Test Root CA, O=Test Trust',
    issuer_common_name: 'Test Root CA',
    fingerprint_sha256: 'b'.repeat(64),
    self_signed: false,
    source: 'company' as const,
  };

  it('adds nothing for the app’s own seal without a timestamp authority', () => {
    expect(sealLines(contract)).toEqual([]);
    expect(sealLines({ ...contract, seal: null })).toEqual([]);
  });

  it('names the company’s certificate and the authority’s time beside the server’s', () => {
    const stamped: VerifyResult = {
      ...contract,
      seal: {
        signer: acme,
        sealed_at_server: '2026-12-02T16:00:05.000Z',
        timestamp: {
          at: '2026-12-02T16:00:06.000Z',
          authority: 'CN=DigiCert SHA256 RSA4096 Timestamp Responder 2025 1, O=DigiCert, C=US',
          url_host: 'timestamp.digicert.com',
        },
        timestamp_missing: null,
      },
    };
    expect(sealLines(stamped)).toEqual([
      'Sealed by Acme Roofing LLC, with a certificate issued by Test Root CA',
      "Trusted timestamp: 2026-12-02 16:00:06 UTC, from CN=DigiCert SHA256 RSA4096 Timestamp Responder 2025 1, O=DigiCert, C=US (timestamp.digicert.com); this server's clock said 2026-12-02 16:00:05 UTC",
    ]);
  });

  it('says when the authority did not answer', () => {
    const unanswered: VerifyResult = {
      ...contract,
      seal: { ...contract.seal!, timestamp_missing: 'authority_unavailable' },
    };
    expect(sealLines(unanswered)).toEqual([
      "No trusted timestamp: the timestamp authority did not give a valid timestamp in time, so the seal's time is this server's clock alone: 2026-12-02 16:00:05 UTC",
    ]);
  });
});
