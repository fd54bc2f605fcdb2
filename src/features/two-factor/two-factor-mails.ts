import type { Config } from '../../config.js';
import type { DbOrTrx } from '../../db/kysely.js';
import type { RequestClient } from '../../lib/request-client.js';
import type { MailSealer } from '../../ports/mail-sealer.js';
import type { MailKind } from '../mail/mail-kinds.js';
import { enqueueMail } from '../mail/outbox.js';
import { renderTwoFactorNoticeMail, type TwoFactorNotice } from '../mail/templates/index.js';
import type { TwoFactorAccount } from './two-factor.repo.js';

const KINDS = {
  enabled: 'two_factor_enabled',
  disabled: 'two_factor_disabled',
  disabledAtServer: 'two_factor_disabled',
  codesReplaced: 'recovery_codes_replaced',
  codeUsed: 'recovery_code_used',
  codeAlert: 'two_factor_code_alert',
} as const satisfies Record<TwoFactorNotice['kind'], MailKind>;

export interface TwoFactorMailDeps {
  mailSealer: MailSealer;
  config: Pick<Config, 'PUBLIC_URL'>;
}

/**
 * Queues the owner's mail about a change to how they sign in, in their language, with the
 * transaction of the change (docs/decisions/009): it goes if and only if the change stays.
 */
export async function queueTwoFactorMail(
  trx: DbOrTrx,
  deps: TwoFactorMailDeps,
  account: Pick<TwoFactorAccount, 'email' | 'language' | 'time_zone'>,
  notice: TwoFactorNotice,
  happened: { client: RequestClient | null; at: Date },
): Promise<void> {
  const mail = renderTwoFactorNoticeMail({
    ...notice,
    email: account.email,
    language: account.language,
    timeZone: account.time_zone,
    at: happened.at.toISOString(),
    userAgent: happened.client?.userAgent ?? null,
    ip: happened.client?.ip ?? null,
    settingsUrl: `${deps.config.PUBLIC_URL}/settings/security`,
  });
  await enqueueMail(trx, deps.mailSealer, { kind: KINDS[notice.kind], to: account.email, ...mail });
}
