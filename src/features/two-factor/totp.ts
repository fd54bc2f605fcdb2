import { randomBytes } from 'node:crypto';
import { decodeBase32IgnorePadding, encodeBase32UpperCaseNoPadding } from '@oslojs/encoding';
import { createTOTPKeyURI, verifyHOTP } from '@oslojs/otp';
import QRCode from 'qrcode';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '../../domain/two-factor.schemas.js';

/** The name an authenticator app lists the account under. */
const ISSUER = 'TradeSign';

/**
 * A new TOTP key: 20 random bytes (160 bits, what RFC 4226 recommends for SHA-1) as base32,
 * the form authenticator apps take typed by hand.
 */
export function generateTotpSecret(): string {
  return encodeBase32UpperCaseNoPadding(randomBytes(20));
}

/** The 30-second step a moment falls in: the HOTP counter of RFC 6238. */
export function totpStepAt(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The step a code belongs to, of the one now and its neighbours (a phone's clock a little off,
 * a code typed as it changed), or null. Each step is checked on its own, rather than with
 * verifyTOTPWithGracePeriod, because the caller must know WHICH step matched: it records that
 * step so the same code is never accepted twice (docs/decisions/042).
 */
export function matchTotpStep(secret: string, code: string, nowMs: number): number | null {
  const key = decodeBase32IgnorePadding(secret);
  const now = totpStepAt(nowMs);
  let matched: number | null = null;
  // All three are computed, matched or not, so the time taken says nothing of which one it was.
  for (const step of [now - 1, now, now + 1]) {
    if (verifyHOTP(key, BigInt(step), TOTP_DIGITS, code) && matched === null) matched = step;
  }
  return matched;
}

/** The `otpauth://totp/...` URL an app reads from the QR code. */
export function otpauthUrl(secret: string, accountName: string): string {
  const key = decodeBase32IgnorePadding(secret);
  return createTOTPKeyURI(ISSUER, accountName, key, TOTP_PERIOD_SECONDS, TOTP_DIGITS);
}

/** The URL as a QR code, an SVG document made here: the key is never sent to another service. */
export function qrCodeSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}
