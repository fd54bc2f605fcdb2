/** The mails TradeSign sends, rendered from our own eta templates in this folder. */
export { renderSigningRequestMail, type SigningRequestMailInput } from './signing-request.js';
export { renderSignedCopyMail, type SignedCopyMailInput } from './signed-copy.js';
export { renderSignInAlertMail, type SignInAlertMailInput } from './sign-in-alert.js';
export type { MailClient, MailCompany, MailContract, RenderedMail } from './types.js';
