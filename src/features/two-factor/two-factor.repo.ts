import type { TeamRole } from '../../domain/team.js';
import type { DbOrTrx } from '../../db/kysely.js';
import { languageOr } from '../../domain/i18n/languages.js';
import type { TwoFactorStatus } from '../../domain/two-factor.schemas.js';

/** Queries of two-step sign-in. Every one is scoped to the account it is given. */

export async function findTwoFactorAccount(db: DbOrTrx, userId: number) {
  const row = await db
    .selectFrom('users')
    .leftJoin('preferences', 'preferences.company_id', 'users.company_id')
    .select([
      'users.id',
      'users.email',
      'users.password_hash',
      'users.language',
      'users.totp_secret',
      'users.totp_pending_secret',
      'users.totp_enabled_at',
      'preferences.time_zone',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return row ? { ...row, language: languageOr(row.language) } : undefined;
}
export type TwoFactorAccount = NonNullable<Awaited<ReturnType<typeof findTwoFactorAccount>>>;

export async function countRecoveryCodesLeft(db: DbOrTrx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('left'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.left);
}

/** Whether it is on and how many recovery codes are left, in one query. */
/**
 * What the signed-in answer says of the account beyond its email, in one query: whether the
 * email is confirmed, and two-step sign-in's state (GET /api/auth/user runs it on every visit).
 */
export async function signedInStatusOf(
  db: DbOrTrx,
  userId: number,
): Promise<TwoFactorStatus & { emailVerified: boolean; name: string | null; role: TeamRole }> {
  const row = await db
    .selectFrom('users')
    .select((eb) => [
      'users.name',
      'users.role',
      'users.email_verified_at',
      'users.totp_enabled_at',
      eb
        .selectFrom('recovery_codes')
        .select(eb.fn.countAll<number>().as('left'))
        .whereRef('recovery_codes.user_id', '=', 'users.id')
        .where('recovery_codes.used_at', 'is', null)
        .as('left'),
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  const enabled = Boolean(row?.totp_enabled_at);
  return {
    name: row?.name ?? null,
    role: row?.role ?? 'member',
    emailVerified: row !== undefined && row.email_verified_at !== null,
    two_factor_enabled: enabled,
    recovery_codes_left: enabled ? Number(row?.left ?? 0) : 0,
  };
}

/** Keeps a key being set up (sealed), replacing one set up before and never confirmed. */
export async function savePendingSecret(db: DbOrTrx, userId: number, sealed: string) {
  await db
    .updateTable('users')
    .set({ totp_pending_secret: sealed })
    .where('id', '=', userId)
    .where('totp_enabled_at', 'is', null)
    .execute();
}

const updated = (result: { numUpdatedRows: bigint }) => result.numUpdatedRows > 0n;

/**
 * Turns the pending key on, recording the step its first code was good for: a conditional
 * update, so it happens once, with the key that code was checked against, whatever races it.
 */
export async function enableWithPendingSecret(
  trx: DbOrTrx,
  userId: number,
  change: { pendingSealed: string; step: number; at: string },
): Promise<boolean> {
  const result = await trx
    .updateTable('users')
    .set({
      totp_secret: change.pendingSealed,
      totp_pending_secret: null,
      totp_enabled_at: change.at,
      totp_last_step: change.step,
    })
    .where('id', '=', userId)
    .where('totp_enabled_at', 'is', null)
    .where('totp_pending_secret', '=', change.pendingSealed)
    .where((eb) =>
      eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', change.step)]),
    )
    .executeTakeFirst();
  return updated(result);
}

/**
 * Spends a code's step: `UPDATE users SET totp_last_step = :step WHERE id = :id AND
 * (totp_last_step IS NULL OR totp_last_step < :step)`, and only while the key is the one the
 * code was checked against. Of two requests with the same code, on either engine, one gets
 * true (PostgreSQL makes the second wait for the first's row lock, then re-checks the WHERE;
 * SQLite writes one at a time).
 */
export async function claimTotpStep(
  trx: DbOrTrx,
  userId: number,
  claim: { sealedSecret: string; step: number },
): Promise<boolean> {
  const result = await trx
    .updateTable('users')
    .set({ totp_last_step: claim.step })
    .where('id', '=', userId)
    .where('totp_secret', '=', claim.sealedSecret)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', claim.step)]))
    .executeTakeFirst();
  return updated(result);
}

/** Off: the key, a pending key, the spent step and every recovery code go. */
export async function clearTwoFactor(trx: DbOrTrx, userId: number): Promise<void> {
  await trx
    .updateTable('users')
    .set({
      totp_secret: null,
      totp_pending_secret: null,
      totp_enabled_at: null,
      totp_last_step: null,
    })
    .where('id', '=', userId)
    .execute();
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}

/** A new set of codes: the old ones, used or not, stop working. */
export async function replaceRecoveryCodes(
  trx: DbOrTrx,
  userId: number,
  hashes: Uint8Array[],
  at: string,
): Promise<void> {
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await trx
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: at })))
    .execute();
}

/** Crosses a code off, once: a conditional update, so two requests with it get one true. */
export async function useRecoveryCode(
  trx: DbOrTrx,
  userId: number,
  codeHash: Uint8Array,
  at: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('recovery_codes')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return updated(result);
}
