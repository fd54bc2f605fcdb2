/**
 * The acknowledgment a contractor must accept before sending contracts through TradeSign.
 * Bump LEGAL_DISCLAIMER_VERSION whenever the text changes so contractors accept the new version.
 */

export const LEGAL_DISCLAIMER_VERSION = '2026-11-21';

export interface LegalDisclaimer {
  readonly title: string;
  readonly paragraphs: readonly string[];
}

export const LEGAL_DISCLAIMER: LegalDisclaimer = {
  title: 'Contractor Acknowledgment: Legal Responsibilities and Electronic Signatures',
  paragraphs: [
    'TradeSign is a software tool for preparing, sending and signing contracts. TradeSign is ' +
      'not a law firm, is not acting as your attorney, and does not provide legal advice. ' +
      'The default contract template is a general starting point only and may not meet the ' +
      'requirements of your state, your trade or your particular project.',
    'You are responsible for the content of every contract, template, estimate and change order ' +
      'you send. You are responsible for complying with the contractor licensing, home ' +
      'improvement contract, consumer protection and cancellation (cooling-off) rules of each ' +
      'state and locality where you work, including any required license numbers, notices, ' +
      'cancellation forms and deposit limits. We strongly recommend that you have your template ' +
      'reviewed by a licensed attorney in your state before you use it.',
    'You agree to use electronic signatures in a way that is consistent with the federal ' +
      'Electronic Signatures in Global and National Commerce Act (ESIGN Act) and the Uniform ' +
      'Electronic Transactions Act (UETA) as adopted in your state. This includes obtaining your ' +
      "client's consent to do business electronically, honoring a client's request to sign on " +
      'paper instead, and giving your client a copy of the signed contract.',
    'You are responsible for sending signing links only to the email address of the intended ' +
      'client. TradeSign records signing details, such as the time, IP address and device ' +
      'information, as evidence of each signature, but TradeSign cannot verify or guarantee the ' +
      'identity of the person who signs.',
    'You are responsible for the accuracy of the client information, prices and terms you enter, ' +
      'and for keeping your account password and login credentials secure. Notify TradeSign ' +
      'promptly if you believe your account has been used without your permission.',
    'You are responsible for keeping copies of signed contracts, change orders and related ' +
      'records for as long as the law requires. Download and store your own copies; do not rely ' +
      'on TradeSign as your only record.',
    'By typing your name below, you confirm that you have read and understood this ' +
      'acknowledgment and agree to it on behalf of yourself and your company. Your typed name ' +
      'serves as your electronic signature on this acknowledgment.',
  ],
};
