import type { Engine } from '../../db/engine.js';
import type { DB } from '../../db/kysely.js';
import { MAIL_SEAL_KEY_FILE, type MailSealer } from './body-seal.js';

/**
 * Every instance must seal and open queued mail with the same key: a mail queued by one instance
 * is sent by whichever claims it. The first start records the key's fingerprint; a later start
 * with another key is refused on PostgreSQL, where that would mean instances that cannot open
 * each other's mail. On SQLite (one process) it is a database restored without its key file:
 * the start goes on, since only the mails already queued are lost, and the log says so.
 */
export async function checkSharedSealKey(
  db: DB,
  engine: Engine,
  sealer: MailSealer,
  log: { warn(message: string): void },
  now = new Date(),
): Promise<void> {
  await db
    .insertInto('instance_settings')
    .values({
      name: 'mail_seal_key_fingerprint',
      value: sealer.fingerprint,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const recorded = await db
    .selectFrom('instance_settings')
    .select('value')
    .where('name', '=', 'mail_seal_key_fingerprint')
    .executeTakeFirstOrThrow();
  if (recorded.value === sealer.fingerprint) return;
  const problem =
    `MAIL_SEAL_KEY: this instance's mail key (fingerprint ${sealer.fingerprint}) is not the one ` +
    `the database's mail is sealed with (fingerprint ${recorded.value}).`;
  if (engine === 'postgres') {
    throw new Error(
      `${problem} Give every instance the same key: set MAIL_SEAL_KEY to the same value on each, ` +
        `or copy ${MAIL_SEAL_KEY_FILE} from the first instance's DATA_DIR.`,
    );
  }
  log.warn(
    `${problem} Mail queued before cannot be sent: restore the ${MAIL_SEAL_KEY_FILE} backed up ` +
      `with the database to send it.`,
  );
}
