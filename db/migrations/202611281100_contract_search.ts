import { sql, type Kysely } from 'kysely';
import { engineOf } from '../../src/db/engine.js';

/**
 * Finding a contract (issue 31, docs/decisions/033): `contracts.search_text` holds the client's
 * name, email and address folded for search, kept by triggers so that every write (drafts,
 * revisions, sends, imports, the scale seed) keeps it without the app's help.
 *
 * The fold is the same SQL on both engines, a chain of `replace()` over the pairs below: A-Z to
 * a-z, Latin letters with diacritics (U+00C0 to U+017F) to their base letter, and combining marks
 * dropped. Neither engine's `lower()` is used: SQLite's folds ASCII only and PostgreSQL's all of
 * Unicode, so the two would disagree on "É". Characters not listed are kept as they are on both.
 * The query side folds with these very pairs (src/features/contracts/contract-search-text.ts);
 * changing them takes a new migration that replaces the triggers and refills the column.
 *
 * The two list indexes gain the column at their end, so a search reads one owner's range of an
 * index and never the table: the per-account list, filtered, stays an index-only walk.
 */

/** Each base letter and the characters folded to it (besides its own upper case). */
const LETTERS_WITH_MARKS: Record<string, string> = {
  a: 'ÀÁÂÃÄÅàáâãäåĀāĂăĄą',
  c: 'ÇçĆćĈĉĊċČč',
  d: 'ĎďĐđ',
  e: 'ÈÉÊËèéêëĒēĔĕĖėĘęĚě',
  g: 'ĜĝĞğĠġĢģ',
  h: 'ĤĥĦħ',
  i: 'ÌÍÎÏìíîïĨĩĪīĬĭĮįİı',
  j: 'Ĵĵ',
  k: 'Ķķ',
  l: 'ĹĺĻļĽľĿŀŁł',
  n: 'ÑñŃńŅņŇň',
  o: 'ÒÓÔÕÖØòóôõöøŌōŎŏŐő',
  r: 'ŔŕŖŗŘř',
  s: 'ŚśŜŝŞşŠš',
  t: 'ŢţŤťŦŧ',
  u: 'ÙÚÛÜùúûüŨũŪūŬŭŮůŰűŲų',
  w: 'Ŵŵ',
  y: 'ÝýÿŶŷŸ',
  z: 'ŹźŻżŽž',
};

/** The fold, character by character: what each listed character becomes ('' drops it). */
export const SEARCH_FOLD: readonly (readonly [string, string])[] = [
  ...Array.from({ length: 26 }, (_, i) => {
    const upper = String.fromCharCode(65 + i);
    return [upper, upper.toLowerCase()] as const;
  }),
  ...Object.entries(LETTERS_WITH_MARKS).flatMap(([base, marked]) =>
    [...marked].map((character) => [character, base] as const),
  ),
  // Combining diacritical marks: "e" followed by U+0301 reads as "e", as "é" does.
  ...Array.from({ length: 0x70 }, (_, i) => [String.fromCharCode(0x300 + i), ''] as const),
];

/** The folded search text of a row, as SQL: `prefix` is `NEW.` in a trigger. */
function foldedSearchText(prefix: '' | 'NEW.'): string {
  const fields = ['client_name', 'client_email', 'client_address']
    .map((column) => `coalesce(${prefix}${column}, '')`)
    .join(` || ' ' || `);
  // None of the pairs holds a quote, so each is a plain SQL string literal.
  return SEARCH_FOLD.reduce(
    (inner, [from, to]) => `replace(${inner}, '${from}', '${to}')`,
    `(${fields})`,
  );
}

const SEARCHED_COLUMNS = 'client_name, client_email, client_address';

/** Columns of a card on the contracts screen, carried in the list indexes (as 202611251000). */
const CARD_COLUMNS = [
  'updated_at',
  'sent_at',
  'total_price_cents',
  'client_name',
  'expires_at',
  'last_reminder_at',
  'revision_number',
  'original_id',
  'closed_at',
  'view_count',
  'last_viewed_at',
];

async function createListIndexes(db: Kysely<unknown>, extra: string[]) {
  await db.schema
    .createIndex('contracts_user_list')
    .on('contracts')
    .columns(['user_id', 'created_at desc', 'id desc', 'status', ...CARD_COLUMNS, ...extra])
    .execute();
  await db.schema
    .createIndex('contracts_user_status_created')
    .on('contracts')
    .columns(['user_id', 'status', 'created_at desc', 'id desc', ...CARD_COLUMNS, ...extra])
    .execute();
}

async function dropListIndexes(db: Kysely<unknown>) {
  await db.schema.dropIndex('contracts_user_list').execute();
  await db.schema.dropIndex('contracts_user_status_created').execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('contracts')
    .addColumn('search_text', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await sql.raw(`UPDATE contracts SET search_text = ${foldedSearchText('')}`).execute(db);
  if (engineOf(db) === 'postgres') {
    await sql
      .raw(
        `CREATE FUNCTION contracts_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN NEW.search_text := ${foldedSearchText('NEW.')}; RETURN NEW; END $$`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER contracts_search_text BEFORE INSERT OR UPDATE OF ${SEARCHED_COLUMNS}
        ON contracts FOR EACH ROW EXECUTE FUNCTION contracts_search_text()`,
      )
      .execute(db);
  } else {
    // SQLite's triggers cannot change NEW: they write the row again after it is stored.
    for (const [name, when] of [
      ['contracts_search_text_insert', 'AFTER INSERT'],
      ['contracts_search_text_update', `AFTER UPDATE OF ${SEARCHED_COLUMNS}`],
    ] as const) {
      await sql
        .raw(
          `CREATE TRIGGER ${name} ${when} ON contracts BEGIN
          UPDATE contracts SET search_text = ${foldedSearchText('NEW.')} WHERE id = NEW.id; END`,
        )
        .execute(db);
    }
  }
  await dropListIndexes(db);
  await createListIndexes(db, ['search_text']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await sql`DROP TRIGGER contracts_search_text ON contracts`.execute(db);
    await sql`DROP FUNCTION contracts_search_text()`.execute(db);
  } else {
    await sql`DROP TRIGGER contracts_search_text_insert`.execute(db);
    await sql`DROP TRIGGER contracts_search_text_update`.execute(db);
  }
  // A column an index holds cannot be dropped: the indexes go back to their old shape first.
  await dropListIndexes(db);
  await createListIndexes(db, []);
  await db.schema.alterTable('contracts').dropColumn('search_text').execute();
}
