/**
 * The headings and labels of the certificate of completion, the last pages of the executed PDF.
 * The words of each event in its timeline come from the contract lifecycle, not from here.
 */
export const certificate = {
  documentTitle: (id: number) => `Certificate of Completion — Contract #${id}`,
  title: 'Certificate of Completion',
  contractHeading: (id: number, title: string) => `Contract #${id} — ${title}`,
  /** The contract's title when it has none. */
  defaultTitle: 'Home Improvement Contract',
  facts: { company: 'Company', total: 'Total', completed: 'Completed' },
  parties: { heading: 'Parties', contractor: 'Contractor', client: 'Client' },
  signatures: 'Signatures',
  signer: {
    contractor: (company: string) => `Contractor (${company})`,
    client: 'Client',
    name: 'Name',
    email: 'Email',
    signedUtc: 'Signed (UTC)',
    signedLocal: 'Signed (local time)',
    ip: 'IP address',
    device: 'Device',
    imageAlt: (name: string) => `Signature of ${name}`,
    noImage: 'No signature image recorded.',
  },
  consent: {
    given: (version: string) =>
      `Consent to electronic records and signatures: given (disclosure version ${version})`,
    givenIn: (language: string, version: string) =>
      `Consent to electronic records and signatures: given (disclosure in ${language}, version ${version})`,
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
    qrAlt: 'QR code of the verification page',
    scan: 'Scan to verify',
  },
  /** The running footer of each page of the executed copy. */
  footers: {
    page: 'Page',
    of: 'of',
    contract: (id: number) => `Contract #${id}`,
    certificate: (id: number) => `Certificate of completion · Contract #${id}`,
  },
};
