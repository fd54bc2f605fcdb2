/**
 * Who reads each kind of mail, which decides whom a reply reaches (docs/decisions/034):
 * - `client`: the homeowner. From shows the contractor's company ("Greenline Irrigation via
 *   TradeSign") and Reply-To is the company's email, so an answer reaches the contractor.
 * - `contractor`: the contractor, about something the client did. Reply-To is the client.
 * - `account`: the contractor, about their account. Nobody to reply to: MAIL_FROM as it is.
 * enqueueMail refuses a kind that is not here, so a new mail fails its first test until it has
 * a reader.
 */
export const MAIL_READERS = {
  signing_request: 'client',
  signing_reminder: 'client',
  signing_new_link: 'client',
  withdrawn_notice: 'client',
  signed_copy_client: 'client',
  declined_notice: 'contractor',
  // Issue 37: one signer declined; every other signer is told.
  signer_declined_notice: 'client',
  viewed_alert: 'contractor',
  signed_copy_contractor: 'contractor',
  sign_in_alert: 'account',
  client_mail_limit_alert: 'account',
  // Issue 34 part A: the reset link, and the notice that the password was changed.
  password_reset: 'account',
  password_changed: 'account',
  // Issue 34, two-step sign-in (docs/decisions/042).
  two_factor_enabled: 'account',
  two_factor_disabled: 'account',
  recovery_codes_replaced: 'account',
  recovery_code_used: 'account',
  two_factor_code_alert: 'account',
  // Issue 34, the sign-in email: its verification link, and a change's link and notices.
  email_verification: 'account',
  email_change_confirm: 'account',
  email_change_notice: 'account',
  email_change_taken: 'account',
  email_changed: 'account',
  // Issue 35: the invitation to join a company's team.
  team_invite: 'account',
  // Issue 36: the client's receipt, the contractor's alert, and the emailed payment link.
  payment_receipt: 'client',
  payment_alert: 'contractor',
  payment_request: 'client',
  payment_correction: 'client',
} as const satisfies Record<string, MailReader>;

export type MailReader = 'client' | 'contractor' | 'account';

/** What a mail is for: the `kind` of its outbox row. */
export type MailKind = keyof typeof MAIL_READERS;

/** Who reads a mail of this kind; throws for a kind nobody listed. */
export function readerOf(kind: string): MailReader {
  if (!Object.hasOwn(MAIL_READERS, kind)) {
    throw new Error(`enqueueMail: mail kind "${kind}" has no reader in mail-kinds.ts`);
  }
  return MAIL_READERS[kind as MailKind];
}
