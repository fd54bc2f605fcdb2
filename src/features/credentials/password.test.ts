import { describe, expect, it } from 'vitest';
import { hashPassword, passwordNeedsRehash, verifyPassword } from './password.js';

/**
 * The password hash (docs/decisions/047): argon2id at OWASP's profile on a server; the tests'
 * light profile is the same algorithm, and a hash made with it is made again at full cost at the
 * next sign-in of a server that runs without it.
 */
const SERVER = { PASSWORD_HASH_LIGHT: false };
const TESTS = { PASSWORD_HASH_LIGHT: true };

describe('password hashes', () => {
  it("are argon2id with OWASP's profile on a server (19 MiB, 2 passes, 1 lane)", async () => {
    const hash = await hashPassword('correct horse battery', SERVER);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse battery!')).toBe(false);
    expect(passwordNeedsRehash(hash, SERVER)).toBe(false);
  });

  it('are the same algorithm at its lightest for the tests, and made again at full cost after', async () => {
    const light = await hashPassword('correct horse battery', TESTS);
    expect(light).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    expect(await verifyPassword(light, 'correct horse battery')).toBe(true);
    expect(passwordNeedsRehash(light, TESTS)).toBe(false);
    expect(passwordNeedsRehash(light, SERVER)).toBe(true);
  });
});
