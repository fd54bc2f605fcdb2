import type { WebhookEventType } from '@domain/webhooks.schemas';

/** What each event means, in the contractor's words, for the checkboxes and the delivery list. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'contract.sent': 'Sent to the client',
  'contract.viewed': 'Opened by the client',
  'contract.signer_signed': 'Signed by one of the clients',
  'contract.signed': 'Signed by every client',
  'contract.completed': 'Sealed PDF ready',
  'contract.declined': 'Declined by the client',
  'contract.voided': 'Voided by you',
  'contract.expired': 'Signing link expired',
  'payment.succeeded': 'Payment received',
  'payment.processing': 'Bank payment started',
  'payment.failed': 'Bank payment failed',
  'payment.refunded': 'Payment refunded',
  'change_order.sent': 'Change order sent',
  'change_order.signed': 'Change order signed by every client',
  'change_order.declined': 'Change order declined',
};
