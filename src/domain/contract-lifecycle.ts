/**
 * A contract's life in one place (issue 16), shared by the server and the web app: its
 * statuses, the moves between them, where each shows on the contracts screen, its badge, and
 * the words for each event of its audit trail. A new status or event starts here; the records
 * below are keyed by the unions, so the type checker then points at everything left to fill in.
 * Only `transition()` (src/features/contracts/contract-transition.ts) writes a status.
 */

export const CONTRACT_STATUSES = [
  'draft',
  'sent',
  'expired',
  'declined',
  'voided',
  'signed',
  'completed',
] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/**
 * Where each status may go. A client's signature moves a sent contract to `signed`; sealing its
 * executed copy (or sending the HTML copy when there is no PDF) completes it. A sent contract
 * whose last link runs out expires; a new link (extend) sends it again. The client declines;
 * the contractor withdraws (voids) a sent or expired one. Declined and voided are final: a
 * revision is a new draft, not a move of the old contract.
 */
export const CONTRACT_TRANSITIONS = {
  draft: ['sent'],
  sent: ['signed', 'expired', 'declined', 'voided'],
  expired: ['sent', 'voided'],
  declined: [],
  voided: [],
  signed: ['completed'],
  completed: [],
} as const satisfies Record<ContractStatus, readonly ContractStatus[]>;

export function canTransition(from: ContractStatus, to: ContractStatus): boolean {
  return (CONTRACT_TRANSITIONS[from] as readonly ContractStatus[]).includes(to);
}

/** The contracts screen's sections, in screen order. */
export const CONTRACT_SECTION_KEYS = ['drafts', 'awaiting', 'completed', 'closed'] as const;
export type ContractSectionKey = (typeof CONTRACT_SECTION_KEYS)[number];

/**
 * The section each status is listed in. `signed` is finished from the contractor's side; an
 * expired contract still waits on the contractor (a new link), so it stays with the awaiting.
 */
export const SECTION_OF_STATUS = {
  draft: 'drafts',
  sent: 'awaiting',
  expired: 'awaiting',
  declined: 'closed',
  voided: 'closed',
  signed: 'completed',
  completed: 'completed',
} as const satisfies Record<ContractStatus, ContractSectionKey>;

export function statusesInSection(section: ContractSectionKey): ContractStatus[] {
  return CONTRACT_STATUSES.filter((status) => SECTION_OF_STATUS[status] === section);
}

/** The badge on a contract's card. */
export const STATUS_BADGE = {
  draft: 'Draft',
  sent: 'Awaiting Signature',
  expired: 'Expired',
  declined: 'Declined',
  voided: 'Withdrawn',
  signed: 'Completed',
  completed: 'Completed',
} as const satisfies Record<ContractStatus, string>;

/** The statuses a signing link can show: a draft has no link. */
export const SIGNABLE_VIEW_STATUSES = [
  'sent',
  'signed',
  'completed',
] as const satisfies readonly Exclude<ContractStatus, 'draft'>[];

/** The statuses whose link shows a closed page instead of the contract. */
export const CLOSED_VIEW_STATUSES = [
  'expired',
  'declined',
  'voided',
] as const satisfies readonly Exclude<ContractStatus, 'draft'>[];

/** What the contractor may do to a contract in each status, after sending (issue 17). */
export const CONTRACT_ACTIONS = {
  remind: ['sent'],
  extend: ['sent', 'expired'],
  void: ['sent', 'expired'],
  revise: ['sent', 'expired', 'declined', 'voided'],
  // Issue 36, later stages: a stage is asked for, or recorded as paid, once the client signed.
  collect: ['signed', 'completed'],
} as const satisfies Record<string, readonly ContractStatus[]>;
export type ContractAction = keyof typeof CONTRACT_ACTIONS;

export function canDo(action: ContractAction, status: ContractStatus): boolean {
  return (CONTRACT_ACTIONS[action] as readonly ContractStatus[]).includes(status);
}

/**
 * Why an action does not fit a status, as the contractor reads it (a 409's sentence). Keyed by
 * status so a new status must say what it means here too.
 */
export const WHY_NOT = {
  draft: 'This contract has not been sent yet',
  sent: 'This contract is still waiting for the client’s signature',
  expired: 'This contract’s signing link has expired: send a new link first',
  declined: 'The client declined this contract',
  voided: 'This contract was withdrawn',
  signed: 'This contract was already signed',
  completed: 'This contract was already signed',
} as const satisfies Record<ContractStatus, string>;

export const CONTRACT_EVENT_TYPES = [
  'created',
  'updated',
  'signed_by_contractor',
  'sent',
  'email_sent',
  'email_failed',
  'viewed',
  'unsigned_copy_downloaded',
  'consented',
  'signed_by_client',
  'completed',
  'sealed_copy_sent',
  'reminder_sent',
  'link_extended',
  'expired',
  'declined',
  'voided',
  'revised',
  'language_changed',
  // Issue 36: the company's record of payments. Never in the sealed copy's certificate, which
  // does not change after sealing (PAYMENT_EVENT_TYPES).
  'payment_requested',
  'payment_succeeded',
  'payment_processing',
  'payment_failed',
  'payment_refunded',
  'payment_recorded',
  'payment_undone',
] as const;
export type ContractEventType = (typeof CONTRACT_EVENT_TYPES)[number];

/**
 * Each event in words: `contractor` on the contractor's timeline ("You signed"), `record` in the
 * certificate of completion and the HTML audit trail in English, which a third party reads
 * (other languages: src/domain/i18n/<language>/events.ts).
 */
export const EVENT_WORDS = {
  created: { contractor: 'Draft created', record: 'Draft created' },
  updated: { contractor: 'Draft updated', record: 'Draft updated' },
  signed_by_contractor: { contractor: 'You signed', record: 'Signed by the contractor' },
  sent: { contractor: 'Sent to the client', record: 'Sent to the client for signature' },
  email_sent: { contractor: 'Email delivered', record: 'Email delivered to the mail server' },
  email_failed: {
    contractor: 'Email could not be delivered',
    record: 'Email could not be delivered',
  },
  viewed: { contractor: 'Client opened the contract', record: 'Opened by the client' },
  unsigned_copy_downloaded: {
    contractor: 'Client downloaded the unsigned contract (PDF)',
    record: 'Unsigned copy of the contract (PDF) downloaded by the client',
  },
  consented: {
    contractor: 'Client agreed to sign electronically',
    record: 'Client agreed to sign electronically',
  },
  signed_by_client: { contractor: 'Client signed', record: 'Signed by the client' },
  // The client reads the record: "Completed" would read as the work being finished (issue 32).
  completed: { contractor: 'Completed', record: 'Signed by all parties' },
  sealed_copy_sent: {
    // Every party: the contractor and each client who signed (issue 37).
    contractor: 'Sealed PDF sent to every party',
    record: 'Sealed PDF sent to every party after a retry',
  },
  reminder_sent: {
    contractor: 'Reminder sent to the client',
    record: 'Reminder emailed to the client with a new signing link',
  },
  link_extended: {
    contractor: 'New signing link sent',
    record: 'New signing link emailed to the client',
  },
  expired: { contractor: 'Signing link expired', record: 'Signing link expired' },
  declined: { contractor: 'Client declined', record: 'Declined by the client' },
  voided: { contractor: 'You withdrew the contract', record: 'Withdrawn by the contractor' },
  revised: { contractor: 'Revised', record: 'Replaced by a revision' },
  language_changed: {
    contractor: "Client switched the signing page's language",
    record: 'Signing page language switched by the client',
  },
  payment_requested: { contractor: 'Payment requested', record: 'Payment requested by email' },
  payment_succeeded: { contractor: 'Payment received', record: 'Payment received online' },
  payment_processing: {
    contractor: 'Bank payment started (takes a few days)',
    record: 'Bank payment started',
  },
  payment_failed: { contractor: 'Bank payment failed', record: 'Bank payment failed' },
  payment_refunded: { contractor: 'Payment refunded', record: 'Payment refunded' },
  payment_recorded: {
    contractor: 'Payment recorded',
    record: 'Payment recorded by the contractor',
  },
  payment_undone: { contractor: 'Recorded payment undone', record: 'Recorded payment undone' },
} as const satisfies Record<ContractEventType, { contractor: string; record: string }>;

/** The payment events: the company's record, never the sealed copy's (issue 36). */
export const PAYMENT_EVENT_TYPES: ReadonlySet<ContractEventType> = new Set(
  CONTRACT_EVENT_TYPES.filter((type) => type.startsWith('payment_')),
);

/**
 * What the sealed copy's trail and certificate list: every event but the payments, which come
 * after and never change a sealed record (each payment has its own receipt).
 */
export function inSealedRecord(event: { type: string }): boolean {
  return !PAYMENT_EVENT_TYPES.has(event.type as ContractEventType);
}

export function isContractEventType(type: string): type is ContractEventType {
  return Object.hasOwn(EVENT_WORDS, type);
}

/**
 * The withdrawal reason the app itself records when a revision replaces a sent contract. Stored
 * in English like every reason; each reader sees it in their language (the catalogue's
 * `events.reason`), while a contractor's own reason is shown as they wrote it.
 */
export const REPLACED_BY_REVISION = 'Replaced by a revised contract';
