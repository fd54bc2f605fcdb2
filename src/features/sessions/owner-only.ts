import type { DbOrTrx } from '../../db/kysely.js';
import { displayName, OWNER_ONLY, type OwnerOnlyAction } from '../../domain/team.js';
import { AppError } from '../../lib/app-error.js';
import type { SessionUser } from '../../ports/session.js';

/** The company's owners as a refusal names them: "Pat Lee or sam@example.com". */
async function ownersOf(db: DbOrTrx, user: SessionUser): Promise<string> {
  const owners = await db
    .selectFrom('users')
    .select(['name', 'email'])
    .where('company_id', '=', user.companyId)
    .where('role', '=', 'owner')
    .where('removed_at', 'is', null)
    .orderBy('id')
    .limit(3)
    .execute();
  const names = owners.map(displayName);
  if (names.length <= 1) return names[0] ?? 'an owner';
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/**
 * Refuses a member what only an owner may do (docs/decisions/045), with a 403 that says who can:
 * "Only an owner can manage API keys. Ask Pat Lee." A key acts with its maker's role.
 */
export async function requireOwner(
  db: DbOrTrx,
  user: SessionUser,
  action: OwnerOnlyAction,
): Promise<void> {
  if (user.role === 'owner') return;
  throw new AppError(
    'FORBIDDEN',
    `Only an owner can ${OWNER_ONLY[action]}. Ask ${await ownersOf(db, user)}.`,
  );
}
