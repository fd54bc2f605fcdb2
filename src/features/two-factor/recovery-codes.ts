import { createHash, randomBytes } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { groupRecoveryCode, RECOVERY_CODE_COUNT } from '../../domain/two-factor.schemas.js';

/**
 * A recovery code: 80 random bits as 16 lower-case base32 characters, shown in groups of four
 * (`abcd-efgh-ijkl-mnop`). Guessing one is hopeless, so, like an account token, only its SHA-256
 * is kept (docs/decisions/042) and no slow hash is needed.
 */
export function generateRecoveryCode(): string {
  return encodeBase32LowerCaseNoPadding(randomBytes(10));
}

/** A set of codes, as the person is shown them once: grouped for typing. */
export function generateRecoveryCodes(): { shown: string[]; hashes: Uint8Array[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, generateRecoveryCode);
  return { shown: codes.map(groupRecoveryCode), hashes: codes.map(hashRecoveryCode) };
}

/** The hash of a code in its normal form (recoveryCodeSchema's output: no dashes, lower case). */
export function hashRecoveryCode(code: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(code).digest());
}
