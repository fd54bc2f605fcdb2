import type { Config } from '../../config.js';
import type { DB } from '../../db/kysely.js';
import type { MailSealer } from '../mail/body-seal.js';

/** What the team's services need of the app (AppDeps and the tRPC context both have it). */
export interface TeamDeps {
  db: DB;
  config: Pick<Config, 'PUBLIC_URL' | 'PASSWORD_HASH_LIGHT'>;
  mailSealer: MailSealer;
  /** Tests move it: invitations expire on it. */
  clock: () => Date;
}
