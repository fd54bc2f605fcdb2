/** The mails TradeSign sends, rendered from our own eta templates in this folder. */
export {
  renderSigningRequestMail,
  type ReplacedContract,
  type ChangeOrderFacts,
  type SigningRequestMailInput,
  type SigningRequestVariant,
} from './signing-request.js';
export { renderSignedCopyMail, type SignedCopyMailInput } from './signed-copy.js';
export { renderSignInAlertMail, type SignInAlertMailInput } from './sign-in-alert.js';
export { renderClientMailLimitMail, type ClientMailLimitMailInput } from './client-mail-limit.js';
export { renderViewedAlertMail, type ViewedAlertMailInput } from './viewed-alert.js';
export { renderDeclinedNoticeMail, type DeclinedNoticeMailInput } from './declined-notice.js';
export { renderWithdrawnNoticeMail, type WithdrawnNoticeMailInput } from './withdrawn-notice.js';
export { renderPasswordResetMail, type PasswordResetMailInput } from './password-reset.js';
export { renderPasswordChangedMail, type PasswordChangedMailInput } from './password-changed.js';
// Issue 34, the sign-in email: its verification and its change.
export {
  renderEmailChangeConfirmMail,
  renderEmailChangedMail,
  renderEmailChangeNoticeMail,
  renderEmailTakenMail,
  renderVerificationMail,
} from './account-email.js';
export type { MailClient, MailCompany, MailContract, RenderedMail } from './types.js';
export {
  renderTwoFactorNoticeMail,
  type TwoFactorNotice,
  type TwoFactorNoticeMailInput,
} from './two-factor-notice.js';
// Issue 35: the invitation to join a company's team.
export { renderTeamInviteMail, type TeamInviteMailInput } from './team-invite.js';
// Issue 36: getting paid.
export { renderPaymentReceiptMail, type PaymentReceiptMailInput } from './payment-receipt.js';
export { renderPaymentAlertMail, type PaymentAlertMailInput } from './payment-alert.js';
export {
  renderPaymentCorrectionMail,
  type PaymentCorrectionMailInput,
} from './payment-correction.js';
// Issue 36, later stages: the emailed link to pay a stage.
export { renderPaymentRequestMail, type PaymentRequestMailInput } from './payment-request.js';
export { renderSignerDeclinedMail, type SignerDeclinedMailInput } from './signer-declined.js';
