/**
 * The homeowner's signing page, /esign/:token (product spec §2 "Client signing page"): the
 * spec's own texts, word for word, and the ESIGN consent disclosure (15 U.S.C. 7001(c)).
 */
export const signing = {
  pageTitle: (company: string) => `Sign your contract · ${company}`,
  pageDescription: 'Review and sign your contract securely.',
  banner: {
    title: 'Secure Contract Signature',
    yourContractor: 'Your contractor',
    contractLine: (company: string, id: number) => `${company} · Contract #${id}`,
    preparedFor: (name: string) => `Prepared for ${name}`,
    total: 'Total:',
    questions: 'Questions? Contact the sender',
    atPhone: 'at',
    atEmail: 'at',
    or: 'or',
  },
  language: { label: 'Language' },
  reviewHeading: 'Review your contract',
  frameTitle: 'Contract',
  consent: {
    heading: 'Electronic records and signatures',
    summary:
      'By checking the box below, you agree to receive this contract and related notices ' +
      'electronically and to sign it electronically. Your electronic signature is legally ' +
      'binding, just like a handwritten signature, and you can ask the sender for a paper copy ' +
      'at any time.',
    readFull: 'Read the full disclosure',
    disclosureTitle: 'Consent to Electronic Records and Signatures',
    agree: 'I agree to use electronic records and signatures',
    full: [
      'This disclosure explains your rights when you receive and sign records electronically, as ' +
        'required by the federal Electronic Signatures in Global and National Commerce Act (ESIGN ' +
        'Act). Please read it before you agree.',
      'Scope of your consent. If you agree, you consent to receive this contract, any notices and ' +
        'disclosures that come with it, and related records from the sender (the contractor named ' +
        'on this contract) electronically, and to sign this contract electronically. Your consent ' +
        'applies to this contract and the records related to it only.',
      'Your electronic signature. When you draw your signature and select Sign Contract, your ' +
        'electronic signature has the same legal effect as signing the contract on paper by hand.',
      'Paper copies. You have the right to receive this contract and related records on paper. ' +
        'To ask for a paper copy, contact the sender directly using the contact details shown on ' +
        'this page or in the email you received. TradeSign does not charge any fee for paper ' +
        'copies; ask the sender whether they charge one.',
      'Withdrawing your consent. You may withdraw your consent to do business electronically at ' +
        'any time before you sign: simply do not sign here, and contact the sender to arrange to ' +
        'sign on paper instead. Withdrawing your consent may delay the start of your project ' +
        'while a paper contract is prepared. Withdrawing your consent after you have signed does ' +
        'not undo a signature you have already given.',
      'Updating your contact information. If your email address or other contact details change, ' +
        'please tell the sender directly so that you continue to receive notices and records ' +
        'about this contract.',
      'What you need. To access and keep these records you need: a device with a current web ' +
        'browser (such as a recent version of Chrome, Safari, Firefox or Edge), an email account ' +
        'that can receive messages, and the ability to view and print, or save, HTML or PDF ' +
        'documents. By agreeing, you confirm that you can open this page and read this contract, ' +
        'which shows that you can access records in the electronic form we will use.',
      'Your copy. After you sign, you will receive a copy of the signed contract by email. While ' +
        'the link is valid you can also open it again to view the signed contract, and you may ' +
        'print or save the contract for your records.',
    ] as readonly string[],
  },
  noScript: {
    title: 'Signing needs JavaScript.',
    message:
      "You can read the whole contract above. To sign it, turn on JavaScript in your browser's " +
      'settings, or open this link in another browser.',
  },
  pad: {
    label: 'Sign below to accept',
    hint: 'Sign here',
    clear: 'Clear',
    empty: 'empty',
    signed: 'signed',
  },
  signButton: 'Sign Contract',
  signingButton: 'Signing...',
  signatureMissing: 'Please sign above',
  consentMissing: 'Please agree to sign electronically',
  toast: {
    signedTitle: 'Contract signed successfully!',
    signedMessage: 'You will receive a copy via email',
    errorTitle: 'Error signing contract',
    errorMessage: 'Please try again',
    dismiss: 'Dismiss',
  },
  done: {
    title: 'Contract Signed!',
    message: 'Thank you for signing the contract. You will receive a copy via email shortly.',
    signedOn: (when: string) => `Signed on ${when}`,
    download: 'Download your signed copy (PDF)',
    signedContract: 'Signed contract',
  },
  decline: {
    button: 'Decline to sign',
    title: 'Decline this contract?',
    intro: (company: string | null) =>
      `Tell ${company ?? 'the sender'} why, so they can change it or follow up. They will be ` +
      'emailed your reason.',
    reasonLabel: 'Your reason',
    counter: (count: string, most: string) => `${count} / ${most} characters`,
    reasonTooShort: (least: number) => `The reason needs at least ${least} characters`,
    reasonTooLong: (most: string) => `The reason can have at most ${most} characters`,
    keepReviewing: 'Keep reviewing',
    confirm: 'Decline contract',
    declining: 'Declining...',
    failed: 'We could not send your answer. Please check your connection and try again.',
    busy: 'Too many attempts. Please wait a minute and try again.',
  },
  closed: {
    invalidTitle: 'Invalid or Expired Link',
    invalidMessage:
      'This signature link is no longer valid. Please contact the sender for a new link.',
    declinedTitle: 'Contract Declined',
    declinedMessage: (on: string | null, company: string | null) =>
      `You declined this contract${on ? ` on ${on}` : ''}. ${company ?? 'The sender'} has been ` +
      'notified.',
    withdrawnTitle: 'Contract Withdrawn',
    withdrawnMessage: (company: string | null) =>
      `This contract was withdrawn by ${company ?? 'the sender'}.`,
    reason: (reason: string) => `Reason: ${reason}`,
    contact: (company: string | null) => `Contact ${company ?? 'the sender'}:`,
  },
  unavailable: {
    title: 'Could Not Load the Contract',
    message: 'We could not load your contract right now. Please try again in a minute.',
    retry: 'Try again',
  },
};
