import type { Config } from '../../config.js';
import type { DB } from '../../db/kysely.js';
import { AppError } from '../../lib/app-error.js';
import type { MailSealer } from '../mail/body-seal.js';
import { recordSecurityEvent } from '../security-log/security-log.service.js';
import { queueTwoFactorMail } from './two-factor-mails.js';
import { clearTwoFactor, findTwoFactorAccount } from './two-factor.repo.js';

export interface OperatorResetDeps {
  db: DB;
  config: Pick<Config, 'PUBLIC_URL'>;
  mailSealer: MailSealer;
  clock: () => Date;
}

/**
 * `tradesign disable-2fa <email>`: two-step sign-in turned off by whoever runs the server, for a
 * person who lost their phone and their recovery codes (issue 34's leftover). It takes shell
 * access to the server, the same trust as `create-owner`; the person's log and mail say it was
 * done at the server, so a change they did not ask for does not go unseen.
 */
export async function disableTwoFactorAtServer(
  deps: OperatorResetDeps,
  email: string,
): Promise<'disabled' | 'was-off'> {
  const user = await deps.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (!user) throw new AppError('NOT_FOUND', `No account has the email ${email.trim()}.`);
  const account = await findTwoFactorAccount(deps.db, user.id);
  if (!account?.totp_enabled_at) return 'was-off';
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await clearTwoFactor(trx, user.id);
    await recordSecurityEvent(trx, {
      userId: user.id,
      type: 'two_factor_disabled',
      client: null,
      details: { by: 'the server operator' },
      at: now,
    });
    await queueTwoFactorMail(
      trx,
      deps,
      account,
      { kind: 'disabledAtServer' },
      { client: null, at: now },
    );
  });
  return 'disabled';
}
