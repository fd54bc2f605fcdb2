/**
 * Human names of the contract_events types (architecture decision 7), shared by the HTML audit
 * trail, the certificate of completion and the contractor's timeline.
 */
const EVENT_NAMES: Readonly<Record<string, string>> = {
  created: 'Draft created',
  updated: 'Draft updated',
  signed_by_contractor: 'Signed by the contractor',
  sent: 'Sent to the client for signature',
  email_sent: 'Email delivered to the mail server',
  email_failed: 'Email could not be delivered',
  viewed: 'Opened by the client',
  consented: 'Client agreed to sign electronically',
  signed_by_client: 'Signed by the client',
  completed: 'Completed',
  sealed_copy_sent: 'Sealed PDF sent to both parties after a retry',
};

/** The event's human name; an unknown type prints as it is stored rather than disappearing. */
export function eventName(type: string): string {
  return Object.hasOwn(EVENT_NAMES, type) ? (EVENT_NAMES[type] ?? type) : type;
}
