import type { Config } from '../../config.js';
import type { DB } from '../../db/kysely.js';
import type { SignInClock } from '../../ports/sign-in-clock.js';
import type { MailSealer } from '../mail/body-seal.js';

/**
 * What the password paths need of the app (AppDeps and the tRPC context both have it). The
 * clock is the sign-in throttle's: its windows, the times written, and the wait that pads a
 * "forgot password" answer, which tests record instead of sleeping.
 */
export interface PasswordDeps {
  db: DB;
  mailSealer: MailSealer;
  config: Pick<Config, 'PUBLIC_URL' | 'PASSWORD_HASH_LIGHT'>;
  signInClock?: SignInClock;
}
