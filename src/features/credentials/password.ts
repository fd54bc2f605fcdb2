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

/** PASSWORD_HASH_LIGHT (tests only, docs/decisions/047): the same algorithm at its lightest. */
const lightHashOptions = { ...hashOptions, memoryCost: 1_024, timeCost: 1 } as const;

/** Which profile new hashes use: the server's configuration says. */
export interface PasswordHashing {
  PASSWORD_HASH_LIGHT: boolean;
}

const optionsOf = (hashing: PasswordHashing) =>
  hashing.PASSWORD_HASH_LIGHT ? lightHashOptions : hashOptions;

export function hashPassword(password: string, hashing: PasswordHashing): Promise<string> {
  return argon2.hash(password, optionsOf(hashing));
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    // A corrupt stored hash must read as "wrong password", never as a 500.
    return false;
  }
}

export function passwordNeedsRehash(hash: string, hashing: PasswordHashing): boolean {
  return argon2.needsRehash(hash, optionsOf(hashing));
}

const decoyHashes = new Map<boolean, Promise<string>>();

/**
 * Verifies against a throwaway hash so that an unknown email costs the same time as a wrong
 * password: response timing must not reveal which emails have accounts.
 */
export async function spendPasswordCheckTime(
  password: string,
  hashing: PasswordHashing,
): Promise<void> {
  const light = hashing.PASSWORD_HASH_LIGHT;
  let decoy = decoyHashes.get(light);
  if (!decoy) {
    decoy = hashPassword('decoy password that matches no account', hashing);
    decoyHashes.set(light, decoy);
  }
  await verifyPassword(await decoy, password);
}
