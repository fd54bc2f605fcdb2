import { z } from 'zod';
import type { DbOrTrx } from '../../db/kysely.js';
import type { AccountTokenPurpose } from '../../db/schema.js';
import { storedUserAgent, type RequestClient } from '../../lib/request-client.js';
import { generateAccountToken, hashAccountToken, isAccountTokenShaped } from './account-token.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A refused link can say why (used, replaced, expired) for this long after it expired. */
export const ACCOUNT_TOKEN_KEPT_AFTER_EXPIRY_MS = 30 * DAY_MS;

/** Facts a link carries, e.g. an email change's `new_email`: short strings only. */
const tokenDataSchema = z.record(z.string(), z.string());
export type AccountTokenData = z.infer<typeof tokenDataSchema>;

export interface IssueAccountTokenInput {
  userId: number;
  purpose: AccountTokenPurpose;
  /** How long the link works, from `now`. */
  ttlMs: number;
  data?: AccountTokenData;
  /** Who asked for it; null when the server issues it on its own. */
  client: RequestClient | null;
  now: Date;
}

export interface IssuedAccountToken {
  /** The token itself: put it in the mail or the cookie, and nowhere else. */
  token: string;
  expiresAt: string;
}

/**
 * Issues a single-use token, and marks the account's older live tokens of the same purpose
 * replaced: asking again makes the older link stop working. Run it inside
 * `inAccountLock(db, userId, ...)` (src/db/account-lock.ts), with the mail that carries it, so
 * two requests racing leave exactly one live token on either engine and a mail never goes out
 * for a token that rolled back.
 */
export async function issueAccountToken(
  trx: DbOrTrx,
  input: IssueAccountTokenInput,
): Promise<IssuedAccountToken> {
  const at = input.now.toISOString();
  await trx
    .updateTable('account_tokens')
    .set({ replaced_at: at })
    .where('user_id', '=', input.userId)
    .where('purpose', '=', input.purpose)
    .where('used_at', 'is', null)
    .where('replaced_at', 'is', null)
    .execute();
  const token = generateAccountToken();
  const expiresAt = new Date(input.now.getTime() + input.ttlMs).toISOString();
  await trx
    .insertInto('account_tokens')
    .values({
      user_id: input.userId,
      purpose: input.purpose,
      token_hash: hashAccountToken(token),
      data: input.data ? JSON.stringify(input.data) : null,
      created_at: at,
      expires_at: expiresAt,
      ip: input.client?.ip ?? null,
      user_agent: input.client ? storedUserAgent(input.client.userAgent) : null,
    })
    .execute();
  return { token, expiresAt };
}

/** Why a token no longer works, most telling first: a used link that also expired was used. */
export type AccountTokenRefusal = 'used' | 'replaced' | 'expired' | 'unknown';

export interface LiveAccountToken {
  id: number;
  userId: number;
  data: AccountTokenData | null;
  expiresAt: string;
}

export type AccountTokenState =
  ({ ok: true } & LiveAccountToken) | { ok: false; reason: AccountTokenRefusal };

interface TokenQuery {
  purpose: AccountTokenPurpose;
  token: string;
  now: Date;
}

function liveToken(row: {
  id: number;
  user_id: number;
  data: string | null;
  expires_at: string;
}): AccountTokenState {
  const data = row.data === null ? null : tokenDataSchema.parse(JSON.parse(row.data));
  return { ok: true, id: row.id, userId: row.user_id, data, expiresAt: row.expires_at };
}

/**
 * Reads a token without spending it: whose it is while it works, else why it does not (a
 * two-factor sign-in checks the code before it spends its pending token).
 */
export async function inspectAccountToken(
  db: DbOrTrx,
  query: TokenQuery,
): Promise<AccountTokenState> {
  if (!isAccountTokenShaped(query.token)) return { ok: false, reason: 'unknown' };
  const row = await db
    .selectFrom('account_tokens')
    .select(['id', 'user_id', 'data', 'expires_at', 'used_at', 'replaced_at'])
    .where('token_hash', '=', hashAccountToken(query.token))
    .where('purpose', '=', query.purpose)
    .executeTakeFirst();
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.used_at !== null) return { ok: false, reason: 'used' };
  if (row.replaced_at !== null) return { ok: false, reason: 'replaced' };
  if (row.expires_at <= query.now.toISOString()) return { ok: false, reason: 'expired' };
  return liveToken(row);
}

/**
 * Spends a token: one conditional update, so of two requests racing with the same token exactly
 * one gets it. When it does not work, says why, so the caller can answer a 400 that tells the
 * person what happened and offer a new link.
 */
export async function consumeAccountToken(
  trx: DbOrTrx,
  query: TokenQuery,
): Promise<AccountTokenState> {
  if (!isAccountTokenShaped(query.token)) return { ok: false, reason: 'unknown' };
  const at = query.now.toISOString();
  const spent = await trx
    .updateTable('account_tokens')
    .set({ used_at: at })
    .where('token_hash', '=', hashAccountToken(query.token))
    .where('purpose', '=', query.purpose)
    .where('used_at', 'is', null)
    .where('replaced_at', 'is', null)
    .where('expires_at', '>', at)
    .returning(['id', 'user_id', 'data', 'expires_at'])
    .executeTakeFirst();
  if (spent) return liveToken(spent);
  const state = await inspectAccountToken(trx, query);
  // Another request spent it between the update and this read.
  return state.ok ? { ok: false, reason: 'used' } : state;
}

/** What a refused emailed link tells its reader; every one offers a new link. */
export const LINK_REFUSALS: Record<AccountTokenRefusal, string> = {
  used: 'This link was already used. Ask for a new one if you still need it.',
  replaced: 'A newer link was sent after this one. Use the newest email, or ask for a new link.',
  expired: 'This link has expired. Ask for a new one.',
  unknown: 'This link is not valid. Check that it was copied whole, or ask for a new one.',
};

/** Deletes tokens 30 days past their expiry; maintenance runs it hourly. */
export async function pruneAccountTokens(db: DbOrTrx, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - ACCOUNT_TOKEN_KEPT_AFTER_EXPIRY_MS).toISOString();
  const result = await db
    .deleteFrom('account_tokens')
    .where('expires_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
