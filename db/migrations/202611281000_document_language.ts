import { sql, type Kysely } from 'kysely';

/**
 * The language a contract's document was frozen in (docs/decisions/032). `contracts.language` is the
 * client's reading language and follows their switch on the signing page; the document does not:
 * what is sealed is what they were shown. Until now the signed copy was rendered in the reading
 * language, so a switch changed its dates and month names. Null while a draft.
 *
 * Contracts sent before: frozen in the language they had at send, which is the `from` of their
 * first `language_changed` event, or their language when nobody switched.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('contracts')
    .addColumn('document_language', 'text', (col) =>
      col.check(sql`document_language IN ('en', 'es')`),
    )
    .execute();
  await sql`UPDATE contracts SET document_language = language WHERE template_html IS NOT NULL`.execute(
    db,
  );
  const switches = await sql<{ contract_id: number; details: string | null }>`
    SELECT contract_id, details FROM contract_events
    WHERE type = 'language_changed'
    ORDER BY contract_id, id`.execute(db);
  const frozenIn = new Map<number, string>();
  for (const row of switches.rows) {
    if (frozenIn.has(row.contract_id) || row.details === null) continue;
    const from = (JSON.parse(row.details) as { from?: unknown }).from;
    if (from === 'en' || from === 'es') frozenIn.set(row.contract_id, from);
  }
  for (const [contractId, language] of frozenIn) {
    await sql`UPDATE contracts SET document_language = ${language}
      WHERE id = ${contractId} AND template_html IS NOT NULL`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contracts').dropColumn('document_language').execute();
}
