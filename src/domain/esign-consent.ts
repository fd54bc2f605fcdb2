/**
 * The ESIGN Act consumer disclosure the homeowner accepts before signing on /esign/:token
 * (15 U.S.C. 7001(c)). Plain strings, no HTML: the signing page renders them as text.
 * Bump ESIGN_CONSENT_VERSION whenever the text changes; the signature records which version the
 * client agreed to.
 */

export const ESIGN_CONSENT_VERSION = '2026-11-21';

/** Shown next to the checkbox; the full text is one tap away. */
export const ESIGN_CONSENT_SUMMARY =
  'By checking the box below, you agree to receive this contract and related notices ' +
  'electronically and to sign it electronically. Your electronic signature is legally binding, ' +
  'just like a handwritten signature, and you can ask the sender for a paper copy at any time.';

export const ESIGN_CONSENT_FULL: readonly string[] = [
  'This disclosure explains your rights when you receive and sign records electronically, as ' +
    'required by the federal Electronic Signatures in Global and National Commerce Act (ESIGN ' +
    'Act). Please read it before you agree.',
  'Scope of your consent. If you agree, you consent to receive this contract, any notices and ' +
    'disclosures that come with it, and related records from the sender (the contractor named ' +
    'on this contract) electronically, and to sign this contract electronically. Your consent ' +
    'applies to this contract and the records related to it only.',
  'Your electronic signature. When you draw your signature and select Sign Contract, your ' +
    'electronic signature has the same legal effect as signing the contract on paper by hand.',
  'Paper copies. You have the right to receive this contract and related records on paper. To ' +
    'ask for a paper copy, contact the sender directly using the contact details shown on this ' +
    'page or in the email you received. TradeSign does not charge any fee for paper copies; ask ' +
    'the sender whether they charge one.',
  'Withdrawing your consent. You may withdraw your consent to do business electronically at any ' +
    'time before you sign: simply do not sign here, and contact the sender to arrange to sign on ' +
    'paper instead. Withdrawing your consent may delay the start of your project while a paper ' +
    'contract is prepared. Withdrawing your consent after you have signed does not undo a ' +
    'signature you have already given.',
  'Updating your contact information. If your email address or other contact details change, ' +
    'please tell the sender directly so that you continue to receive notices and records about ' +
    'this contract.',
  'What you need. To access and keep these records you need: a device with a current web ' +
    'browser (such as a recent version of Chrome, Safari, Firefox or Edge), an email account ' +
    'that can receive messages, and the ability to view and print, or save, HTML or PDF ' +
    'documents. By agreeing, you confirm that you can open this page and read this contract, ' +
    'which shows that you can access records in the electronic form we will use.',
  'Your copy. After you sign, you will receive a copy of the signed contract by email. While ' +
    'the link is valid you can also open it again to view the signed contract, and you may ' +
    'print or save the contract for your records.',
];
