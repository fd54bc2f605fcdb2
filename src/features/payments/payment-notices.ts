import type { Config } from '../../config.js';
import { contractSender } from '../../db/contract-sender.js';
import type { DB, DbOrTrx } from '../../db/kysely.js';
import type { ContractEventType } from '../../domain/contract-lifecycle.js';
import { messagesFor } from '../../domain/i18n/catalogue.js';
import type { WebhookEventType } from '../../domain/webhooks.schemas.js';
import { insertContractEvent } from '../audit-trail/contract-events.repo.js';
import type { MailSealer } from '../mail/body-seal.js';
import { enqueueMail } from '../mail/outbox.js';
import {
  renderPaymentAlertMail,
  renderPaymentCorrectionMail,
  renderPaymentReceiptMail,
} from '../mail/templates/index.js';
import { queueWebhookEvent } from '../webhooks/webhook-events.js';
import { stagesOf } from './ledger.js';

export interface PaymentNoticeDeps {
  db: DB;
  config: Pick<Config, 'PUBLIC_URL' | 'STRIPE_API_BASE'>;
  mailSealer: MailSealer;
  clock: () => Date;
}

/** What happened to a payment, and what each change tells whom. */
export type PaymentChange =
  'succeeded' | 'processing' | 'failed' | 'refunded' | 'recorded' | 'undone';

const EVENT_OF: Record<PaymentChange, ContractEventType> = {
  succeeded: 'payment_succeeded',
  processing: 'payment_processing',
  failed: 'payment_failed',
  refunded: 'payment_refunded',
  recorded: 'payment_recorded',
  undone: 'payment_undone',
};

const WEBHOOK_OF: Record<PaymentChange, WebhookEventType | null> = {
  succeeded: 'payment.succeeded',
  processing: 'payment.processing',
  failed: 'payment.failed',
  refunded: 'payment.refunded',
  recorded: 'payment.succeeded',
  // An undo corrects the contractor's own record; receivers heard of it as payment.succeeded
  // and learn of the correction from GET /api/contracts/:id/payments.
  undone: null,
};

async function paymentWithContract(trx: DbOrTrx, paymentId: number) {
  return trx
    .selectFrom('payments')
    .innerJoin('contracts', 'contracts.id', 'payments.contract_id')
    .innerJoin('users', (join) => join.on(contractSender))
    .leftJoin('preferences', 'preferences.company_id', 'contracts.company_id')
    .leftJoin('payment_settings', 'payment_settings.company_id', 'contracts.company_id')
    .select([
      'payments.id',
      'payments.contract_id',
      'payments.stage_index',
      'payments.amount_cents',
      'payments.refunded_cents',
      'payments.status',
      'payments.method',
      'payments.paid_at',
      'contracts.payment_plan_json',
      'contracts.client_data',
      'contracts.client_name',
      'contracts.client_email',
      'contracts.language',
      'contracts.company_name',
      'contracts.company_phone',
      'contracts.company_email',
      'users.email as contractor_email',
      'preferences.logo_path',
      'preferences.time_zone',
      'payment_settings.receipt_alerts_enabled',
    ])
    .where('payments.id', '=', paymentId)
    .executeTakeFirstOrThrow();
}

/**
 * Everything a payment's change sets off, in its transaction (issue 36): the line in the
 * contract's timeline, the payment.* webhook, the client's receipt when money is in, and the
 * contractor's alert when a client paid online (unless the company turned it off) or a bank
 * payment failed.
 */
export async function announcePayment(
  trx: DbOrTrx,
  deps: PaymentNoticeDeps,
  paymentId: number,
  change: PaymentChange,
  now: Date,
  actor: string | null = null,
): Promise<void> {
  const payment = await paymentWithContract(trx, paymentId);
  const at = now.toISOString();
  const stageLabel =
    stagesOf(payment.payment_plan_json)[payment.stage_index]?.label ??
    `Stage ${payment.stage_index + 1}`;
  await insertContractEvent(trx, {
    contractId: payment.contract_id,
    type: EVENT_OF[change],
    at,
    actor,
    details: {
      payment_id: payment.id,
      stage: payment.stage_index,
      stage_label: stageLabel,
      amount_cents: change === 'refunded' ? payment.refunded_cents : payment.amount_cents,
      method: payment.method,
    },
  });
  const webhook = WEBHOOK_OF[change];
  if (webhook) {
    await queueWebhookEvent(trx, {
      type: webhook,
      contractId: payment.contract_id,
      at,
      payment: {
        id: payment.id,
        stage: payment.stage_index,
        label: stageLabel,
        amount_cents: payment.amount_cents,
        refunded_cents: payment.refunded_cents,
        currency: 'usd',
        status: payment.status,
        method: payment.method,
        paid_at: payment.paid_at,
      },
    });
  }
  const sent = payment.client_data
    ? (JSON.parse(payment.client_data) as { name?: string; email?: string })
    : {};
  const clientEmail = sent.email ?? payment.client_email;
  const clientName = sent.name ?? payment.client_name;
  const base = deps.config.PUBLIC_URL;
  const mailCompany = {
    name: payment.company_name,
    phone: payment.company_phone,
    email: payment.company_email,
    logoUrl: payment.logo_path ? `${base}${payment.logo_path}` : null,
    timeZone: payment.time_zone,
  };
  if ((change === 'succeeded' || change === 'recorded') && clientEmail) {
    const receipt = renderPaymentReceiptMail({
      company: mailCompany,
      clientName,
      contractId: payment.contract_id,
      stageLabel,
      amountCents: payment.amount_cents,
      method: payment.method,
      paidAt: payment.paid_at ?? at,
      receiptNumber: payment.id,
      language: payment.language,
    });
    await enqueueMail(trx, deps.mailSealer, {
      kind: 'payment_receipt',
      to: clientEmail,
      contractId: payment.contract_id,
      ...receipt,
    });
  }
  if (change === 'undone' && clientEmail) {
    const correction = renderPaymentCorrectionMail({
      company: mailCompany,
      clientName,
      contractId: payment.contract_id,
      stageLabel,
      amountCents: payment.amount_cents,
      receiptNumber: payment.id,
      language: payment.language,
    });
    await enqueueMail(trx, deps.mailSealer, {
      kind: 'payment_correction',
      to: clientEmail,
      contractId: payment.contract_id,
      ...correction,
    });
  }
  const alertsOn = payment.receipt_alerts_enabled !== 0;
  if ((change === 'succeeded' && alertsOn) || change === 'failed') {
    const alert = renderPaymentAlertMail({
      outcome: change === 'failed' ? 'failed' : 'received',
      clientName,
      contractId: payment.contract_id,
      stageLabel,
      amountCents: payment.amount_cents,
      methodLabel: messagesFor('en').payments.methods[payment.method],
      at,
      contractUrl: `${base}/contracts/${payment.contract_id}`,
      settingsUrl: `${base}/settings/payments`,
      timeZone: payment.time_zone,
    });
    await enqueueMail(trx, deps.mailSealer, {
      kind: 'payment_alert',
      to: payment.contractor_email,
      contractId: payment.contract_id,
      ...alert,
    });
  }
}

/**
 * A stage already paid was paid again through another Checkout Session (two tabs, two devices):
 * the second payment is not recorded (one payment holds a stage), and the contractor who sent the
 * contract is mailed to refund it, whatever the receipt setting says.
 */
export async function alertPaidTwice(
  trx: DbOrTrx,
  deps: PaymentNoticeDeps,
  paid: { contractId: number; stageIndex: number; amountCents: number },
  now: Date,
): Promise<void> {
  const contract = await trx
    .selectFrom('contracts')
    .innerJoin('users', (join) => join.on(contractSender))
    .leftJoin('preferences', 'preferences.company_id', 'contracts.company_id')
    .select([
      'contracts.payment_plan_json',
      'contracts.client_name',
      'users.email as contractor_email',
      'preferences.time_zone',
    ])
    .where('contracts.id', '=', paid.contractId)
    .executeTakeFirstOrThrow();
  const base = deps.config.PUBLIC_URL;
  const alert = renderPaymentAlertMail({
    outcome: 'paid_twice',
    clientName: contract.client_name,
    contractId: paid.contractId,
    stageLabel:
      stagesOf(contract.payment_plan_json)[paid.stageIndex]?.label ??
      `Stage ${paid.stageIndex + 1}`,
    amountCents: paid.amountCents,
    methodLabel: '',
    at: now.toISOString(),
    contractUrl: `${base}/contracts/${paid.contractId}`,
    settingsUrl: `${base}/settings/payments`,
    timeZone: contract.time_zone,
  });
  await enqueueMail(trx, deps.mailSealer, {
    kind: 'payment_alert',
    to: contract.contractor_email,
    contractId: paid.contractId,
    ...alert,
  });
}
