import type { DbOrTrx } from '../../db/kysely.js';
import type { RequestClient } from '../../lib/request-client.js';
import { updatePasswordHash } from '../credentials/users.repo.js';
import { enqueueMail } from '../mail/outbox.js';
import { renderPasswordChangedMail } from '../mail/templates/index.js';
import { recordSecurityEvent } from '../security-log/security-log.service.js';
import { deleteSessionsOfAccount } from '../signed-in-devices/account-sessions.repo.js';
import type { PasswordDeps } from './password-deps.js';
import { withdrawPendingSignIns, type PasswordAccount } from './passwords.repo.js';

export interface NewPassword {
  account: PasswordAccount;
  passwordHash: string;
  /** An emailed link signs out every device; a change in Settings keeps the one asking. */
  how: 'reset' | 'change';
  keepSessionId: string | null;
  client: RequestClient;
  at: Date;
}

/**
 * Sets the account's new password and ends every way in that the old one opened: its sessions
 * (all, or all but the device asking) and any two-factor sign-in waiting for its code. Writes the
 * security log line and queues the "password changed" mail, in the caller's transaction, so the
 * owner hears of exactly the changes that happened. Returns how many sessions ended.
 */
export async function setNewPassword(
  trx: DbOrTrx,
  deps: Pick<PasswordDeps, 'mailSealer' | 'config'>,
  change: NewPassword,
): Promise<number> {
  const { account, client } = change;
  const at = change.at.toISOString();
  await updatePasswordHash(trx, account.id, change.passwordHash);
  const signedOut = await deleteSessionsOfAccount(trx, account.id, change.keepSessionId);
  await withdrawPendingSignIns(trx, account.id, at);
  await recordSecurityEvent(trx, {
    userId: account.id,
    type: change.how === 'reset' ? 'password_reset' : 'password_changed',
    client,
    details: { signed_out_sessions: signedOut },
    at: change.at,
  });
  const mail = renderPasswordChangedMail({
    email: account.email,
    how: change.how,
    at,
    userAgent: client.userAgent,
    ip: client.ip,
    resetUrl: `${deps.config.PUBLIC_URL}/forgot-password`,
    language: account.language,
    timeZone: account.time_zone,
  });
  await enqueueMail(trx, deps.mailSealer, { kind: 'password_changed', to: account.email, ...mail });
  return signedOut;
}
