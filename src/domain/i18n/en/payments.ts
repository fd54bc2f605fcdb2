/**
 * What the homeowner reads about paying (issue 36): the signing page, the payment page, the
 * receipt, and the name of what they pay in Stripe's Checkout.
 */
export const payments = {
  /** The line in Checkout: "Contract #12, Stage 1: Deposit". */
  /** A stage already called a deposit is not called one twice. */
  lineItem: (contractId: number, label: string, deposit: boolean) =>
    `Contract #${contractId}, ${label}${deposit && !/deposit/i.test(label) ? ': Deposit' : ''}`,
  depositDue: (amount: string) => `A deposit of ${amount} is due when you sign.`,
  payDeposit: (amount: string) => `Pay the ${amount} deposit now`,
  payStage: (amount: string) => `Pay ${amount}`,
  payLater: 'Pay later',
  payLaterNote: 'You can pay any time from the link in your email.',
  opening: 'Opening the secure payment page…',
  couldNotOpen: 'The payment page could not be opened. Please try again in a minute.',
  stageDue: (label: string, contractId: number) => `${label} of Contract #${contractId}`,
  requestedBy: (company: string | null) => `${company ?? 'Your contractor'} asks for this payment.`,
  received: 'Payment received',
  receivedBody: (amount: string, contractId: number) =>
    `Thank you. ${amount} for Contract #${contractId} was received. A receipt is on its way to your email.`,
  processing: 'Payment processing',
  processingBody: (amount: string) =>
    `Your bank payment of ${amount} is on its way. Bank transfers take a few days; you will get a receipt by email when it clears.`,
  notPaid: 'Not paid yet',
  notPaidBody: 'Nothing was charged. You can pay when you are ready.',
  alreadyPaid: 'This payment is already made. Thank you.',
  signFirst: 'Sign the contract first: the deposit is paid after signing.',
  linkInvalid: 'This payment link is no longer valid. Ask your contractor for a new one.',
  methods: {
    card: 'Card',
    us_bank_account: 'Bank account (ACH)',
    cash: 'Cash',
    check: 'Check',
    other: 'Other',
  },
  /** A payment recorded by hand and then undone: the receipt the client holds no longer stands. */
  correction: {
    subject: (amount: string, contractId: number) =>
      `Correction: the ${amount} payment for Contract #${contractId}`,
    preheader: (company: string | null) =>
      `${company ?? 'Your contractor'} corrected a payment it had recorded.`,
    body: (company: string | null, amount: string, stage: string, receipt: string) =>
      `${company ?? 'Your contractor'} recorded a payment of ${amount} for ${stage} by mistake and has taken it back. Receipt ${receipt} no longer stands.`,
    ifPaid: 'If you did make this payment, please contact them.',
  },
  receipt: {
    subject: (amount: string, contractId: number) =>
      `Receipt: ${amount} for Contract #${contractId}`,
    preheader: (amount: string, company: string | null) =>
      `${company ?? 'Your contractor'} received ${amount}. Thank you.`,
    thanks: (amount: string, company: string | null) =>
      `${company ?? 'Your contractor'} received your payment of ${amount}. Thank you.`,
    amount: 'Amount',
    stage: 'For',
    contract: 'Contract',
    method: 'Paid by',
    date: 'Date',
    receiptNumber: 'Receipt',
    keep: 'Keep this email as your receipt.',
  },
};
