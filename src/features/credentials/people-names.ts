import type { DbOrTrx } from '../../db/kysely.js';
import type { PersonRef } from '../../domain/contracts.schemas.js';
import { displayName } from '../../domain/team.js';

/** People by id as contracts name them ("Sent by Sam Diaz"), in one query for a whole page. */
export async function peopleNamed(
  db: DbOrTrx,
  ids: readonly (number | null)[],
): Promise<Map<number, PersonRef>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((row) => [row.id, { id: row.id, name: displayName(row) }]));
}

/** The person of an id from `peopleNamed`'s answer; null for none. */
export function personOf(people: Map<number, PersonRef>, id: number | null): PersonRef | null {
  return id === null ? null : (people.get(id) ?? null);
}
