import argon2 from 'argon2';

/**
 * argon2id with OWASP's minimum profile (19 MiB, 2 passes, 1 lane): strong, and light enough that a
 * 1 GB VPS survives a burst of sign-ins (argon2's default uses 64 MiB per hash).
 */
const hashOptions = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, hashOptions);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    // A corrupt stored hash must read as "wrong password", never as a 500.
    return false;
  }
}

export function passwordNeedsRehash(hash: string): boolean {
  return argon2.needsRehash(hash, hashOptions);
}

let decoyHash: Promise<string> | undefined;

/**
 * Verifies against a throwaway hash so that an unknown email costs the same time as a wrong
 * password: response timing must not reveal which emails have accounts.
 */
export async function spendPasswordCheckTime(password: string): Promise<void> {
  decoyHash ??= hashPassword('decoy password that matches no account');
  await verifyPassword(await decoyHash, password);
}
