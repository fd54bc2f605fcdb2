import { openDatabase } from '../../db/kysely.js';
import { migrateSafely } from '../../db/safe-migrate.js';
import { mailSealerFor } from '../../features/mail/body-seal.js';
import { disableTwoFactorAtServer } from '../../features/two-factor/operator-reset.js';
import { AppError } from '../../lib/app-error.js';
import { CliError, keepDataPrivate, loadCliConfig } from '../cli-support.js';

export const disableTwoFactorHelp = `
Turns two-step sign-in off for one account, for a person who lost both their authenticator app
and their recovery codes. Check who is asking first: anyone who can sign in with the password
alone then gets in. The account's security log records it, and the person is mailed (the mail
goes out when the server runs). They can turn it on again in Settings, Security.
Uses the app's database (DATA_DIR or DATABASE_URL), which it first brings up to date.`;

/** `tradesign disable-2fa <email>`. */
export async function disableTwoFactorCommand(email: string): Promise<void> {
  const config = loadCliConfig();
  keepDataPrivate(config);
  const opened = await openDatabase(config, {
    warn: (_details, message) => console.warn(message),
  });
  try {
    await migrateSafely(opened, { log: (line) => console.log(line) });
    const deps = {
      db: opened.db,
      config,
      mailSealer: mailSealerFor(config),
      clock: () => new Date(),
    };
    const done = await disableTwoFactorAtServer(deps, email);
    console.log(
      done === 'disabled'
        ? `Two-step sign-in is off for ${email.trim()}. They were mailed, and their security log says so.`
        : `${email.trim()} does not use two-step sign-in: nothing changed.`,
    );
  } catch (error) {
    if (error instanceof AppError) throw new CliError(error.message);
    throw error;
  } finally {
    await opened.db.destroy();
  }
}
