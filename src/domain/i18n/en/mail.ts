/**
 * The mails the client reads (the signing request, its reminders and new links, the withdrawn
 * notice, their signed copy) and the parts every mail shares. `{company}` in an intro marks
 * where the company's name goes: the mail splits the sentence there, so the HTML part can escape
 * both halves and bold the name itself.
 */
export const mail = {
  greeting: (name: string) => `Hello ${name},`,
  greetingWithoutName: 'Hello,',
  /** The company's name when it has none on file. */
  yourContractor: 'Your contractor',
  contacts: {
    questions: 'Questions? Contact',
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
    signedBy: (name: string) => `Signed by ${name}`,
    theClient: 'the client',
  },
  signingRequest: {
    request: {
      subject: (company: string) => `${company} sent you a contract to sign`,
      intro: '{company} has sent you a contract to review and sign.',
      preheader: (id: number, date: string) => `Review and sign contract #${id} by ${date}.`,
    },
    reminder: {
      subject: (company: string) => `Reminder: ${company} is waiting for your signature`,
      intro:
        'This is a friendly reminder: {company} sent you a contract that is still waiting for your signature.',
      preheader: (id: number, date: string) =>
        `Contract #${id} is waiting for your signature until ${date}.`,
    },
    newLink: {
      subject: (company: string) => `${company} sent you a new link to sign your contract`,
      intro: '{company} has sent you a new link to review and sign your contract.',
      preheader: (id: number, date: string) => `Review and sign contract #${id} by ${date}.`,
    },
    button: 'Review and sign the contract',
    /** The text part's line above the link. */
    linkLine: 'Review and sign the contract:',
    expires: {
      before: 'This secure link expires on ',
      after: '. It is meant for you alone: please do not forward this email.',
    },
    copyLink: 'If the button does not work, copy this link into your browser:',
  },
  signedCopy: {
    subject: (id: number, other: string) =>
      `Signed: Contract #${id}${other ? ` with ${other}` : ''}`,
    preheader: (id: number) =>
      `Contract #${id} is signed by both parties. The signed copy is attached.`,
    heading: 'The contract is signed',
    leadForClient: (company: string) =>
      `Your contract with ${company} is now signed by both of you.`,
    leadForContractor: (client: string, id: number) =>
      `${client || 'Your client'} has signed contract #${id}. It is now signed by both parties.`,
    attached: { before: 'The signed copy is attached (', after: '). Keep it for your records.' },
  },
  withdrawnNotice: {
    subject: (company: string, id: number) => `${company} withdrew contract #${id}`,
    preheader: (id: number) => `Contract #${id} is withdrawn. There is nothing you need to do.`,
    /** Follows the company's name. */
    withdrawn: (id: number, date: string) =>
      ` has withdrawn contract #${id}, which they sent you for signature, on ${date}. Its signing link no longer works, and there is nothing you need to do.`,
    reason: 'Their reason:',
    questions: 'If you have questions, contact them below.',
  },
};
