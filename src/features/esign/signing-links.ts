import { createHash, randomBytes } from 'node:crypto';
import type { DbOrTrx } from '../../db/kysely.js';
import { preparedQuery } from '../../db/prepared-query.js';
import type { SigningLinkPurpose } from '../../db/schema.js';

/** SHA-256 (hex) of a signing token: the only form in which a token is stored. */
export function hashSigningToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Tokens are 32 random bytes, base64url (43 characters); anything else is not looked up. */
export const signingTokenShape = /^[A-Za-z0-9_-]{43}$/;

const DAY_MS = 24 * 60 * 60 * 1000;

/** `days` from `now`, as stored. */
export function daysFrom(now: Date, days: number): string {
  return new Date(now.getTime() + days * DAY_MS).toISOString();
}

/**
 * A new link for a contract (docs/decisions/009). Returns the token once, to be emailed, and
 * the link's id for the audit trail. Each mail with a link gets a link of its own (issue 17):
 * only hashes are stored, so an earlier token cannot be sent again.
 */
export async function createSigningLink(
  trx: DbOrTrx,
  contractId: number,
  link: {
    expiresAt: string;
    purpose: SigningLinkPurpose;
    reminder?: number;
    /** Whose link it is (issue 37): each signer signs through their own. */
    signerId: number;
  },
  now: Date,
): Promise<{ id: number; token: string; expiresAt: string }> {
  const token = randomBytes(32).toString('base64url');
  const inserted = await trx
    .insertInto('signing_links')
    .values({
      contract_id: contractId,
      token_sha256: hashSigningToken(token),
      created_at: now.toISOString(),
      expires_at: link.expiresAt,
      purpose: link.purpose,
      reminder: link.reminder ?? null,
      signer_id: link.signerId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: inserted.id, token, expiresAt: link.expiresAt };
}

/** Gives a reminder's link its number, once the number is known inside its transaction. */
export async function numberReminderLink(db: DbOrTrx, linkId: number, reminder: number) {
  await db.updateTable('signing_links').set({ reminder }).where('id', '=', linkId).execute();
}

/** How many reminder links a contract has had (the one being made included). */
export async function countReminderLinks(db: DbOrTrx, contractId: number): Promise<number> {
  const row = await db
    .selectFrom('signing_links')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('contract_id', '=', contractId)
    .where('purpose', '=', 'reminder')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The latest link mailed after the first request, for the reminder schedule. */
export async function lastFollowUpLinkAt(db: DbOrTrx, contractId: number) {
  const row = await db
    .selectFrom('signing_links')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('contract_id', '=', contractId)
    .where('purpose', '<>', 'request')
    .executeTakeFirst();
  return row?.at ?? null;
}

/** What the audit trail says of the link a client acted through. */
export function linkFacts(link: {
  id: number;
  purpose: SigningLinkPurpose;
  created_at: string;
  reminder: number | null;
}) {
  return {
    id: link.id,
    purpose: link.purpose,
    issued_at: link.created_at,
    ...(link.reminder === null ? {} : { reminder: link.reminder }),
  };
}

/** Built once (docs/decisions/013): every opening of a signing page looks its link up. */
const linkByHash = preparedQuery((db, params: { tokenSha256: string }) =>
  db
    .selectFrom('signing_links')
    .select([
      'id',
      'contract_id',
      'signer_id',
      'expires_at',
      'revoked_at',
      'purpose',
      'created_at',
      'reminder',
    ])
    .where('token_sha256', '=', params.tokenSha256),
);

export async function findSigningLink(db: DbOrTrx, token: string) {
  if (!signingTokenShape.test(token)) return undefined;
  const [link] = await linkByHash(db, { tokenSha256: hashSigningToken(token) });
  return link;
}
