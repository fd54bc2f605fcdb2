import { listNames } from './lists.js';

/**
 * The headings and labels of the signature certificate, the last pages of the executed PDF (it
 * was the "certificate of completion" until issue 32: in a building contract that reads as the
 * work being finished). The words of each event in its timeline come from the contract
 * lifecycle, not from here.
 */
export const certificate = {
  documentTitle: (id: number) => `Signature Certificate — Contract #${id}`,
  title: 'Signature Certificate',
  contractHeading: (id: number, title: string) => `Contract #${id} — ${title}`,
  /** The contract's title when it has none. */
  defaultTitle: 'Home Improvement Contract',
  /**
   * A change order's certificate (issue 38, docs/decisions/049): it is named by its number in
   * its contract's line, not by its own row's id, and names the contract it changes with the
   * fingerprint of that contract's sealed copy.
   */
  changeOrder: {
    name: (number: number, contractId: number) =>
      `Change Order ${number} to Contract #${contractId}`,
    documentTitle: (number: number, contractId: number) =>
      `Signature Certificate — Change Order ${number} to Contract #${contractId}`,
    changes: (contractId: number) => `Changes Contract #${contractId}`,
    contractSha256: (contractId: number) =>
      `SHA-256 of the sealed copy of Contract #${contractId}:`,
    noSealedContract: (contractId: number) => `Contract #${contractId} has no sealed copy yet.`,
  },
  facts: { company: 'Company', total: 'Total', completed: 'Signed by all parties' },
  parties: { heading: 'Parties', contractor: 'Contractor', client: 'Client' },
  signatures: 'Signatures',
  signer: {
    contractor: (company: string) => `Contractor (${company})`,
    client: 'Client',
    /** One of several clients who sign (issue 37). */
    clientOf: (position: number, count: number) => `Client ${position} of ${count}`,
    name: 'Name',
    /** When the client typed a name other than the contractor's entry, both are printed. */
    typedName: 'Name typed by the signer',
    enteredName: 'Name entered by the contractor',
    email: 'Email',
    signedUtc: 'Signed (UTC)',
    signedLocal: 'Signed (local time)',
    ip: 'IP address',
    device: 'Device',
    /** The first time this client opened their signing link. */
    opened: 'First opened (UTC)',
    imageAlt: (name: string) => `Signature of ${name}`,
    noImage: 'No signature image recorded.',
  },
  consent: {
    given: (version: string) =>
      `Consent to electronic records and signatures: given (notice version ${version})`,
    givenIn: (language: string, version: string) =>
      `Consent to electronic records and signatures: given (notice in ${language}, version ${version})`,
    noticeSha256: 'SHA-256 of the notice text the client was shown:',
    inAppendix: 'The full notice is in the appendix.',
    notRecorded: 'Consent to electronic records and signatures: not recorded',
    acknowledged: (version: string) => `Legal acknowledgment accepted (version ${version})`,
    acknowledgmentNotRecorded: 'Legal acknowledgment: not recorded',
  },
  /** Each language as this certificate names it. */
  languageNames: { en: 'English', es: 'Spanish' },
  notRecorded: 'not recorded',
  timeZoneNotRecorded: 'time zone not recorded',
  /** The heading of the audit trail the HTML copy carries when no PDF could be made. */
  auditTrail: 'Signature audit trail',
  timeline: {
    heading: 'Event timeline',
    time: 'Time (UTC)',
    event: 'Event',
    by: 'By',
    ip: 'IP address',
    device: 'Device',
  },
  integrity: {
    heading: 'Integrity and verification',
    snapshot: 'SHA-256 of the contract shown to the client:',
    pages: 'SHA-256 of the contract pages of this document:',
    pagesAtSealing: 'computed at sealing (the verification page checks it)',
    verifyAt: 'Verify at:',
    howToVerify:
      'Anyone can open that page and drop this PDF on it to check that it is the genuine executed copy, unchanged since it was sealed.',
    sealed:
      'This document is digitally sealed by TradeSign; PDF readers such as Adobe Acrobat Reader show the seal in their signature panel, and any change to the file breaks it.',
    /** Sealed with the company's own certificate (issue 39). */
    sealedBy: (name: string, issuer: string, fingerprint: string) =>
      `This document is digitally sealed by ${name}, with a certificate issued by ${issuer} (SHA-256 fingerprint ${fingerprint}); PDF readers such as Adobe Acrobat Reader show the seal in their signature panel, and any change to the file breaks it.`,
    /** A timestamp authority dated the contract pages (issue 39). */
    timestamped: (authority: string, host: string, at: string, serverAt: string) =>
      `Trusted timestamp: ${authority} (${host}) dated the contract pages above, by their SHA-256, at ${at}; this server's clock said ${serverAt}. Its token is attached to this file, and the seal carries a timestamp of its own from the same authority, which PDF readers show in their signature panel.`,
    noTimestamp: (host: string) =>
      `No trusted timestamp: the timestamp authority ${host} did not give a valid timestamp in time, so the time of this seal is this server's clock alone.`,
    qrAlt: 'QR code of the verification page',
    scan: 'Scan to verify',
  },
  /** The running footer of each page of the executed copy. */
  footers: {
    page: 'Page',
    of: 'of',
    contract: (id: number) => `Contract #${id}`,
    /** After the document's name: "Contract #12", or "Change Order 2 to Contract #12". */
    certificate: (documentName: string) => `Signature certificate · ${documentName}`,
  },
  /** The appendix after the certificate: the ESIGN notice the client accepted (issue 32). */
  appendix: {
    heading: 'Appendix: the consent notice the client accepted',
    /** Several clients sign (issue 37): whose notice this is, each distinct notice once. */
    headingFor: (names: readonly string[]) =>
      `Appendix: the consent notice ${listNames(names)} accepted`,
    shown: (language: string, version: string) =>
      `The notice below is the one the client was shown in full on the signing page, in ${language}, before ticking its checkbox (version ${version}).`,
    fingerprint: 'SHA-256 of this text, as recorded when the client signed:',
    checkbox: 'The checkbox the client ticked:',
    olderRecord: (language: string, version: string) =>
      `This consent was recorded before the notice's text and fingerprint were kept with each signature. The text below is version ${version} in ${language}, as TradeSign holds it.`,
    notRecorded: 'The text of the notice the client accepted was not recorded for this contract.',
    mismatch: (language: string, version: string) =>
      `The text of this notice (version ${version}, in ${language}) cannot be shown: rebuilt today, it does not match the fingerprint recorded when the client signed. It is left out rather than printed differently from what the client read.`,
    recordedFingerprint: 'SHA-256 recorded when the client signed:',
  },
  /** The PDF of the contract a client downloads before signing (issue 32). */
  unsignedCopy: {
    /** The top of every page. */
    mark: 'UNSIGNED COPY — for review before signing; the client has not signed it',
    footer: (id: number) => `Unsigned copy · Contract #${id}`,
    unavailable:
      'This server cannot make a PDF right now. You can read the whole contract on the signing page.',
    busy: 'Too many documents are being printed right now. Please try again in a minute.',
  },
};
