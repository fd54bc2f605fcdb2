import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeRecoveryCode } from '../../domain/two-factor.schemas.js';
import { createTestApp, signUp, type TestApp } from '../../test/test-app.js';
import {
  codeAt,
  enrol,
  movableClock,
  PASSWORD,
  passwordStep,
  secondStep,
  STEP_MS,
} from '../../test/two-factor-flow.js';

/**
 * Two-step sign-in's secrets at rest (docs/decisions/042): the key is sealed with the mail key
 * as webhook secrets are, the recovery codes are kept as SHA-256, the pending sign-in as an
 * account token's hash; no database file and no log line holds any of them in plain text.
 */
const clock = movableClock();
const appLog: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      clock: clock.clock,
      signInClock: clock.signInClock,
      logLevel: 'info',
      logStream: { write: (line: string) => appLog.push(line) },
    },
  );
});
afterAll(() => t.close());

describe('two-step sign-in at rest', () => {
  it('keeps the key, the codes and the pending sign-in out of the database files and the log', async () => {
    const email = 'at-rest@example.com';
    const cookie = await signUp(t.app, { email, password: PASSWORD, company_name: 'Ash Co' });
    const { secret, recoveryCodes } = await enrol(t, cookie, clock);
    const pending = await passwordStep(t, email);
    const code = codeAt(secret, clock.nowMs());
    expect((await secondStep(t, pending, { code })).statusCode).toBe(200);
    clock.advance(STEP_MS);
    const pendingToo = await passwordStep(t, email);
    const used = recoveryCodes[0] ?? '';
    expect((await secondStep(t, pendingToo, { recovery_code: used })).statusCode).toBe(200);

    const stored = await t.db
      .selectFrom('users')
      .select(['totp_secret', 'totp_pending_secret'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(stored.totp_secret).toMatch(/^v1\./);
    expect(stored.totp_pending_secret).toBeNull();

    // The control: what is stored in plain text is found.
    expect(await t.databaseFilesHolding(email)).not.toEqual([]);
    const secrets = [
      secret,
      secret.toLowerCase(),
      ...recoveryCodes,
      ...recoveryCodes.map(normalizeRecoveryCode),
      pending.split('=')[1] ?? '',
      pendingToo.split('=')[1] ?? '',
    ];
    for (const value of secrets) {
      expect(value.length).toBeGreaterThan(15);
      expect(await t.databaseFilesHolding(value)).toEqual([]);
      expect(appLog.join('\n')).not.toContain(value);
    }
    expect(appLog.join('\n')).toContain('/api/auth/login/2fa');
  });
});
