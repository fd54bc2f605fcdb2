import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { describe, expect, it } from 'vitest';
import { generateTotpSecret, matchTotpStep, otpauthUrl, qrCodeSvg, totpStepAt } from './totp.js';

/**
 * The code window (docs/decisions/042): a code is good for its own 30-second step and the steps
 * either side, and the check says which step matched, so that step can be spent once.
 */
const NOW = Date.parse('2026-12-02T09:00:10.000Z');
const secret = generateTotpSecret();
const codeFor = (step: number) => generateHOTP(decodeBase32IgnorePadding(secret), BigInt(step), 6);
const s = totpStepAt(NOW);

describe('TOTP codes', () => {
  it('are checked against a 160-bit key shown as 32 base32 characters', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(decodeBase32IgnorePadding(secret)).toHaveLength(20);
    expect(generateTotpSecret()).not.toBe(secret);
  });

  it('count 30-second steps from the epoch', () => {
    expect(s).toBe(Math.floor(NOW / 30_000));
    expect(totpStepAt(NOW + 19_999)).toBe(s);
    expect(totpStepAt(NOW + 20_000)).toBe(s + 1);
  });

  it("accept this step's code and its neighbours', and say which step matched", () => {
    expect(matchTotpStep(secret, codeFor(s), NOW)).toBe(s);
    expect(matchTotpStep(secret, codeFor(s - 1), NOW)).toBe(s - 1);
    expect(matchTotpStep(secret, codeFor(s + 1), NOW)).toBe(s + 1);
  });

  it('refuse a code two steps away either side, and a made-up one', () => {
    expect(matchTotpStep(secret, codeFor(s - 2), NOW)).toBeNull();
    expect(matchTotpStep(secret, codeFor(s + 2), NOW)).toBeNull();
    const wrong = String((Number(codeFor(s)) + 1) % 1_000_000).padStart(6, '0');
    expect(matchTotpStep(secret, wrong, NOW)).toBeNull();
    expect(matchTotpStep(generateTotpSecret(), codeFor(s), NOW)).toBeNull();
  });

  it('match what the RFC 6238 test vector says (SHA-1, 59 s: 94287082, 6 digits 287082)', () => {
    // The RFC's key is the ASCII "12345678901234567890".
    const rfcSecret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(matchTotpStep(rfcSecret, '287082', 59_000)).toBe(1);
  });

  it('give an otpauth URL an authenticator app reads, and its QR code as an SVG made here', async () => {
    const url = otpauthUrl(secret, 'roofer@example.com');
    expect(url.startsWith('otpauth://totp/TradeSign:roofer%40example.com?')).toBe(true);
    const parsed = new URL(url);
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      issuer: 'TradeSign',
      algorithm: 'SHA1',
      secret,
      period: '30',
      digits: '6',
    });
    const svg = await qrCodeSvg(url);
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
  });
});
