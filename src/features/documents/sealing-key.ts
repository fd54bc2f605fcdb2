import type { DB, DbOrTrx } from '../../db/kysely.js';
import { lockForCreateOnce } from '../../db/locks.js';
import { generateSealingCertificate, type SealKey } from './seal/index.js';

/**
 * The app's document-sealing key: generated on first use (a self-signed certificate named after
 * this server) and kept in the database, so backups carry it and every copy is sealed by the same
 * key. The newest key is used; older ones remain for the record.
 */
export async function getOrCreateSealingKey(db: DB, publicUrl: string): Promise<SealKey> {
  const existing = await newestSealingKey(db);
  if (existing) return existing;
  // Created once, never twice by two instances (or two renders) racing: the check and the insert
  // run under one lock (docs/decisions/023).
  return db.transaction().execute(async (trx) => {
    await lockForCreateOnce(trx, 'sealing_key');
    const created = await newestSealingKey(trx);
    if (created) return created;
    const host = new URL(publicUrl).host;
    const generated = generateSealingCertificate(`TradeSign document seal (${host})`);
    await trx
      .insertInto('sealing_keys')
      .values({
        p12: generated.p12,
        passphrase: generated.passphrase,
        fingerprint_sha256: generated.fingerprintSha256,
        created_at: new Date().toISOString(),
      })
      .execute();
    return { p12: generated.p12, passphrase: generated.passphrase };
  });
}

async function newestSealingKey(db: DbOrTrx): Promise<SealKey | undefined> {
  const row = await db
    .selectFrom('sealing_keys')
    .select(['p12', 'passphrase'])
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? { p12: Buffer.from(row.p12), passphrase: row.passphrase } : undefined;
}
