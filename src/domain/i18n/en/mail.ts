import { listNames } from './lists.js';

/**
 * A sentence that bolds the company's name, in three parts: before it, the name, after it. The
 * mail escapes each part and bolds the middle one.
 */
export type AroundName = readonly [before: string, name: string, after: string];

/** A change order as its mails name it (issue 38): its number, and its contract's. */
export interface ChangeOrderRef {
  number: number;
  contractId: number;
}

/** "Change Order 2 to Contract #12" (docs/decisions/049). */
const changeOrderName = (co: ChangeOrderRef) =>
  `Change Order ${co.number} to Contract #${co.contractId}`;

/**
 * The mails the client reads (the signing request, its reminders and new links, the withdrawn
 * notice, their signed copy) and the parts every mail shares. A message that names the company
 * takes its name, or null when it has none on file, and picks the stand-in itself: capitalised
 * only where it starts a sentence (subject lines capitalise after their colon, running text does
 * not).
 */
export const mail = {
  /**
   * The From name of the client's mails. The address stays TradeSign's own (the contractor's
   * domain would fail SPF and DMARC); replies go to the company through Reply-To
   * (docs/decisions/034).
   */
  fromName: (company: string) => `${company} via TradeSign`,
  greeting: (name: string) => `Hello ${name},`,
  greetingWithoutName: 'Hello,',
  /** The company's name, standing alone (the mail's heading), when it has none on file. */
  yourContractor: 'Your contractor',
  contacts: {
    questions: (company: string | null): AroundName => [
      'Questions? Contact ',
      company ?? 'your contractor',
      '',
    ],
    phone: 'Phone:',
    email: 'Email:',
  },
  summary: {
    contract: 'Contract',
    contractNumber: (id: number) => `#${id}`,
    projectAddress: 'Project address',
    total: 'Total',
    paymentPlan: 'Payment plan',
    stages: (count: number) => `${count} ${count === 1 ? 'stage' : 'stages'}`,
    signedByContractor: (company: string | null) => `Signed by ${company ?? 'your contractor'}`,
    signedByClient: (client: string | null) => `Signed by ${client ?? 'the client'}`,
  },
  signingRequest: {
    request: {
      subject: (company: string | null) =>
        `${company ?? 'Your contractor'} sent you a contract to sign`,
      intro: (company: string | null): AroundName => [
        '',
        company ?? 'Your contractor',
        ' has sent you a contract to review and sign.',
      ],
      preheader: (id: number, date: string) => `Review and sign contract #${id} by ${date}.`,
    },
    reminder: {
      subject: (company: string | null) =>
        `Reminder: ${company ?? 'Your contractor'} is waiting for your signature`,
      intro: (company: string | null): AroundName => [
        'This is a friendly reminder: ',
        company ?? 'your contractor',
        ' sent you a contract that is still waiting for your signature.',
      ],
      preheader: (id: number, date: string) =>
        `Contract #${id} is waiting for your signature until ${date}.`,
    },
    newLink: {
      subject: (company: string | null) =>
        `${company ?? 'Your contractor'} sent you a new link to sign your contract`,
      intro: (company: string | null): AroundName => [
        '',
        company ?? 'Your contractor',
        ' has sent you a new link to review and sign your contract.',
      ],
      preheader: (id: number, date: string) => `Review and sign contract #${id} by ${date}.`,
    },
    /**
     * A change order's mails (issue 38): what it is and to which contract, what it changes; the
     * first request, its reminders and new links alike.
     */
    changeOrder: {
      request: {
        subject: (company: string | null, co: ChangeOrderRef) =>
          `${company ?? 'Your contractor'} sent you ${changeOrderName(co)} to sign`,
        intro: (company: string | null, co: ChangeOrderRef): AroundName => [
          '',
          company ?? 'Your contractor',
          ` has sent you ${changeOrderName(co)} to review and sign.`,
        ],
        preheader: (co: ChangeOrderRef, date: string) =>
          `Review and sign ${changeOrderName(co)} by ${date}.`,
      },
      reminder: {
        subject: (company: string | null, co: ChangeOrderRef) =>
          `Reminder: ${company ?? 'Your contractor'} is waiting for your signature on ${changeOrderName(co)}`,
        intro: (company: string | null, co: ChangeOrderRef): AroundName => [
          'This is a friendly reminder: ',
          company ?? 'your contractor',
          ` sent you ${changeOrderName(co)}, which is still waiting for your signature.`,
        ],
        preheader: (co: ChangeOrderRef, date: string) =>
          `${changeOrderName(co)} is waiting for your signature until ${date}.`,
      },
      newLink: {
        subject: (company: string | null, co: ChangeOrderRef) =>
          `${company ?? 'Your contractor'} sent you a new link to sign ${changeOrderName(co)}`,
        intro: (company: string | null, co: ChangeOrderRef): AroundName => [
          '',
          company ?? 'Your contractor',
          ` has sent you a new link to review and sign ${changeOrderName(co)}.`,
        ],
        preheader: (co: ChangeOrderRef, date: string) =>
          `Review and sign ${changeOrderName(co)} by ${date}.`,
      },
      label: 'Change order',
      name: changeOrderName,
      thisChange: 'This change',
      newTotal: 'New total',
      button: 'Review and sign the change order',
      linkLine: 'Review and sign the change order:',
    },
    button: 'Review and sign the contract',
    /** The text part's line above the link. */
    linkLine: 'Review and sign the contract:',
    expires: {
      before: 'This secure link expires on ',
      after: '. It is meant for you alone: please do not forward this email.',
    },
    copyLink: 'If the button does not work, copy this link into your browser:',
    /**
     * A revision's mails name the contract it replaces (its number and the day it was sent) and
     * why that one is over, so the client knows which contract to sign.
     */
    replaces: {
      declined: (id: number, sentOn: string) =>
        `This contract replaces contract #${id}, sent to you on ${sentOn}, which you declined.`,
      withdrawn: (id: number, sentOn: string, company: string | null) =>
        `This contract replaces contract #${id}, sent to you on ${sentOn}, which ${company ?? 'your contractor'} withdrew.`,
      expired: (id: number, sentOn: string) =>
        `This contract replaces contract #${id}, sent to you on ${sentOn}, whose signing link expired.`,
      oldLink: (id: number) =>
        `The signing link for contract #${id} no longer works. Please review and sign this new contract instead.`,
    },
  },
  signedCopy: {
    subjectForClient: (id: number, company: string | null) =>
      `Signed: Contract #${id} with ${company ?? 'your contractor'}`,
    subjectForContractor: (id: number, client: string) =>
      `Signed: Contract #${id}${client ? ` with ${client}` : ''}`,
    preheader: (id: number) =>
      `Contract #${id} is signed by both parties. The signed copy is attached.`,
    /** The client reads the contract's state as "signed by all parties" (issue 32). */
    preheaderForClient: (id: number) =>
      `Contract #${id} is signed by all parties. The signed copy is attached.`,
    heading: 'The contract is signed',
    headingForClient: 'Signed by all parties',
    leadForClient: (company: string | null) =>
      `Your contract with ${company ?? 'your contractor'} is now signed by both of you.`,
    leadForContractor: (client: string, id: number) =>
      `${client || 'Your client'} has signed contract #${id}. It is now signed by both parties.`,
    attached: { before: 'The signed copy is attached (', after: '). Keep it for your records.' },
    /** Several clients signed (issue 37): every party is named, none is "both". */
    severalSigners: {
      names: listNames,
      preheader: (id: number) =>
        `Contract #${id} is signed by all parties. The signed copy is attached.`,
      /** `everyone`: the signers' names and the company's, already listed. */
      leadForClient: (company: string | null, everyone: string) =>
        `Your contract with ${company ?? 'your contractor'} is now signed by all parties: ${everyone}.`,
      yourContractor: 'your contractor',
      leadForContractor: (names: string, id: number) =>
        `${names} have signed contract #${id}. It is now signed by all parties.`,
    },
  },
  /** A change order's signed copy (issue 38): the same mail, naming it and its contract. */
  signedCopyOfChangeOrder: {
    subjectForClient: (co: ChangeOrderRef, company: string | null) =>
      `Signed: ${changeOrderName(co)} with ${company ?? 'your contractor'}`,
    subjectForContractor: (co: ChangeOrderRef, client: string) =>
      `Signed: ${changeOrderName(co)}${client ? ` with ${client}` : ''}`,
    preheader: (co: ChangeOrderRef) =>
      `${changeOrderName(co)} is signed by both parties. The signed copy is attached.`,
    preheaderForClient: (co: ChangeOrderRef) =>
      `${changeOrderName(co)} is signed by all parties. The signed copy is attached.`,
    heading: 'The change order is signed',
    leadForClient: (co: ChangeOrderRef, company: string | null) =>
      `${changeOrderName(co)} with ${company ?? 'your contractor'} is now signed by both of you.`,
    leadForContractor: (client: string, co: ChangeOrderRef) =>
      `${client || 'Your client'} has signed ${changeOrderName(co)}. It is now signed by both parties.`,
    /** `everyone`: the signers' names and the company's, already listed. */
    leadForClientOfSeveral: (co: ChangeOrderRef, company: string | null, everyone: string) =>
      `${changeOrderName(co)} with ${company ?? 'your contractor'} is now signed by all parties: ${everyone}.`,
    leadForContractorOfSeveral: (names: string, co: ChangeOrderRef) =>
      `${names} have signed ${changeOrderName(co)}. It is now signed by all parties.`,
    label: 'Change order',
    newTotal: 'New total',
  },
  withdrawnNotice: {
    subject: (company: string | null, id: number) =>
      `${company ?? 'Your contractor'} withdrew contract #${id}`,
    preheader: (id: number) => `Contract #${id} is withdrawn. There is nothing you need to do.`,
    withdrawn: (company: string | null, id: number, date: string): AroundName => [
      '',
      company ?? 'Your contractor',
      ` has withdrawn contract #${id}, which they sent you for signature, on ${date}. Its signing link no longer works, and there is nothing you need to do.`,
    ],
    reason: 'Their reason:',
    questions: 'If you have questions, contact them below.',
    /** A change order withdrawn (issue 38); the contract it would change stands as it was. */
    changeOrder: {
      subject: (company: string | null, co: ChangeOrderRef) =>
        `${company ?? 'Your contractor'} withdrew ${changeOrderName(co)}`,
      preheader: (co: ChangeOrderRef) =>
        `${changeOrderName(co)} is withdrawn. There is nothing you need to do.`,
      withdrawn: (company: string | null, co: ChangeOrderRef, date: string): AroundName => [
        '',
        company ?? 'Your contractor',
        ` has withdrawn ${changeOrderName(co)}, which they sent you for signature, on ${date}. Its signing link no longer works, Contract #${co.contractId} stands as it was, and there is nothing you need to do.`,
      ],
    },
  },
  /** To every other signer when one declines (issue 37). */
  signerDeclined: {
    subject: (name: string, id: number) => `${name} declined to sign contract #${id}`,
    preheader: (id: number) => `Contract #${id} will not go ahead as it was sent.`,
    declined: (name: string, id: number, date: string): AroundName => [
      '',
      name,
      ` declined to sign contract #${id} on ${date}. The contract is closed for everyone and will not go ahead as it was sent; its signing links no longer work, and there is nothing you need to do.`,
    ],
    youSigned:
      'You had already signed it. A contract that one of its signers declines does not take effect.',
    reason: 'Their reason:',
    questions:
      'Your contractor may send you a new contract. If you have questions, contact them below.',
    /** A change order declined (issue 38): it is closed; the contract stands as it was. */
    changeOrder: {
      subject: (name: string, co: ChangeOrderRef) =>
        `${name} declined to sign ${changeOrderName(co)}`,
      preheader: (co: ChangeOrderRef) => `${changeOrderName(co)} will not go ahead as it was sent.`,
      declined: (name: string, co: ChangeOrderRef, date: string): AroundName => [
        '',
        name,
        ` declined to sign ${changeOrderName(co)} on ${date}. The change order is closed for everyone and will not go ahead as it was sent; Contract #${co.contractId} stands as it was. Its signing links no longer work, and there is nothing you need to do.`,
      ],
      youSigned:
        'You had already signed it. A change order that one of its signers declines does not take effect.',
      questions:
        'Your contractor may send you a new change order. If you have questions, contact them below.',
    },
  },
};
