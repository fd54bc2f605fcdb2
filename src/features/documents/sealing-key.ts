import type { DbOrTrx } from '../../db/kysely.js';
import { generateSealingCertificate, type SealKey } from './seal/index.js';

/**
 * The app's document-sealing key: generated on first use (a self-signed certificate named after
 * this server) and kept in the database, so backups carry it and every copy is sealed by the same
 * key. The newest key is used; older ones remain for the record.
 */
export async function getOrCreateSealingKey(db: DbOrTrx, publicUrl: string): Promise<SealKey> {
  const existing = await db
    .selectFrom('sealing_keys')
    .select(['p12', 'passphrase'])
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (existing) return { p12: Buffer.from(existing.p12), passphrase: existing.passphrase };
  const host = new URL(publicUrl).host;
  const created = generateSealingCertificate(`TradeSign document seal (${host})`);
  await db
    .insertInto('sealing_keys')
    .values({
      p12: created.p12,
      passphrase: created.passphrase,
      fingerprint_sha256: created.fingerprintSha256,
      created_at: new Date().toISOString(),
    })
    .execute();
  return { p12: created.p12, passphrase: created.passphrase };
}
