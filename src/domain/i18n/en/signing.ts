import { listNames } from './lists.js';
import { consentNotices } from './consent-notice.js';

/**
 * The homeowner's signing page, /esign/:token (product spec §2 "Client signing page"): the
 * spec's own texts, word for word, and the ESIGN consent notice (15 U.S.C. 7001(c)).
 */
export const signing = {
  /**
   * A change order's page (issue 38): the words below that say "contract", in its own. The page
   * reads them through signingWordsFor (../signing-words.ts), over the contract's.
   */
  changeOrder: {
    pageTitle: (company: string) => `Sign your change order · ${company}`,
    pageDescription: 'Review and sign your change order securely.',
    banner: { title: 'Secure Change Order Signature' },
    reviewHeading: 'Review your change order',
    frameTitle: 'Change order',
    consent: { downloadPdf: 'Download this change order (PDF)' },
    noScript: {
      message:
        "You can read the whole change order above. To sign it, turn on JavaScript in your browser's " +
        'settings, or open this link in another browser.',
    },
    signButton: 'Sign Change Order',
    toast: {
      signedTitle: 'Change order signed successfully!',
      errorTitle: 'Error signing change order',
    },
    done: {
      title: 'Change Order Signed!',
      message: 'Thank you for signing the change order. You will receive a copy via email shortly.',
      signedContract: 'Signed change order',
    },
    signers: {
      waitingMessage: (name: string) =>
        `You can read the change order now. We will email you when ${name} has signed and it is your turn.`,
    },
    decline: {
      title: 'Decline this change order?',
      intro: (company: string | null) =>
        `Tell ${company ?? 'the sender'} why, so they can change it or follow up. They will be ` +
        'emailed your reason.',
      reasonMissing: 'Please give a reason for declining',
      confirm: 'Decline change order',
    },
    closed: {
      declinedTitle: 'Change Order Declined',
      declinedMessage: (on: string | null, company: string | null) =>
        `You declined this change order${on ? ` on ${on}` : ''}. ${company ?? 'The sender'} has ` +
        'been notified.',
      declinedByOther: (name: string, on: string | null, company: string | null) =>
        `${name} declined this change order${on ? ` on ${on}` : ''}, so it will not go ahead as it was sent. ${company ?? 'The sender'} has been notified.`,
      withdrawnTitle: 'Change Order Withdrawn',
      withdrawnMessage: (company: string | null) =>
        `This change order was withdrawn by ${company ?? 'the sender'}.`,
    },
  },
  pageTitle: (company: string) => `Sign your contract · ${company}`,
  pageDescription: 'Review and sign your contract securely.',
  banner: {
    title: 'Secure Contract Signature',
    yourContractor: 'Your contractor',
    contractLine: (company: string, id: number) => `${company} · Contract #${id}`,
    preparedFor: (name: string) => `Prepared for ${name}`,
    total: 'Total:',
    changeOrderLine: (company: string, number: number, contractId: number) =>
      `${company} · Change Order ${number} to Contract #${contractId}`,
    changeTotals: (change: string, total: string) => `This change: ${change} · New total: ${total}`,
    questions: 'Questions? Contact the sender',
    atPhone: 'at',
    atEmail: 'at',
    or: 'or',
  },
  language: { label: 'Language' },
  reviewHeading: 'Review your contract',
  frameTitle: 'Contract',
  consent: {
    /** GET /api/esign/:token/pdf: the unsigned contract, to keep before signing (UETA §8). */
    downloadPdf: 'Download this contract (PDF)',
    /** The full ESIGN notice, by version (src/domain/esign-consent/). */
    notices: consentNotices,
  },
  /** The name the signer types, printed under their signature (issue 32). */
  signerName: {
    label: 'Your full name',
    description: 'As it will be printed under your signature.',
    missing: 'Please type your full name',
    tooLong: (most: number) => `Your name can have at most ${most} characters`,
  },
  /** Why the server refused a signature, in the page's language (a 400 or a 409). */
  refusals: {
    signatureMissing: 'Please sign the contract',
    consentVersionUnknown:
      'This page is out of date. Please reload it, read the notice again and sign.',
    consentLanguageWrong:
      'The notice you agreed to is not in the language of this contract. Please reload the ' +
      'page, read the notice again and sign.',
    consentChanged:
      'The notice above changed after you opened this page. Please reload the page and read ' +
      'the notice again before you sign.',
    reload: 'Reload the page',
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
  /** Several clients sign one contract (issue 37). */
  signers: {
    heading: 'Who signs',
    you: (name: string) => `${name} (you)`,
    waiting: 'Waits for their turn',
    notYet: 'Not signed yet',
    signedOn: (when: string) => `Signed on ${when}`,
    declined: 'Declined',
    /** The signer's own line, once the island has just taken their signature. */
    signedNow: 'Signed',
    waitingFor: (name: string) => `Waiting for ${name} to sign first`,
    waitingMessage: (name: string) =>
      `You can read the contract now. We will email you when ${name} has signed and it is your turn.`,
    othersToSign: (names: string) =>
      `Waiting for ${names} to sign. Everyone gets the signed copy by email once all have signed.`,
    /** Names in a sentence: `Jordan and Alex`. */
    names: listNames,
  },
  decline: {
    button: 'Decline to sign',
    title: 'Decline this contract?',
    intro: (company: string | null) =>
      `Tell ${company ?? 'the sender'} why, so they can change it or follow up. They will be ` +
      'emailed your reason.',
    reasonLabel: 'Your reason',
    reasonMissing: 'Please give a reason for declining',
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
    declinedByOther: (name: string, on: string | null, company: string | null) =>
      `${name} declined this contract${on ? ` on ${on}` : ''}, so it will not go ahead as it was sent. ${company ?? 'The sender'} has been notified.`,
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
