import { calendarDateIn } from '../../domain/calendar-date.js';
import { HOLDING_PAYMENT_STATUSES } from '../../domain/payments.js';
import type { RecordPaymentInput, StagePayments } from '../../domain/stage-payments.schemas.js';
import type { CompanyId } from '../../domain/team.js';
import { AppError } from '../../lib/app-error.js';
import { insertStagePayment, refreshPaymentSummary } from './ledger.js';
import { announcePayment } from './payment-notices.js';
import { companyTimeZone, contractForPayments } from './stage-payments.repo.js';
import { STAGE_PAID, stageToCollect } from './stage-to-collect.js';
import {
  CONTRACT_NOT_FOUND,
  paymentsAnswer,
  recordedByHand,
  undoDeadlineOf,
  type StagePaymentsDeps,
} from './stage-payments.service.js';

export const PAID_IN_FUTURE = 'The day it was paid cannot be after today';
export const NOTHING_TO_UNDO = 'This stage has no payment recorded by hand to undo';
export const ONLINE_NOT_UNDONE =
  'A payment made online cannot be undone here: refund it in Stripe instead';
export const UNDO_TOO_LATE = 'A recorded payment can be undone only within a day of recording it';

/** Who records or undoes: the person, named in the timeline by their email as every event is. */
interface Recorder {
  id: number;
  email: string;
  companyId: CompanyId;
}

/**
 * A day given as YYYY-MM-DD, stored at noon UTC: the same calendar day on every clock from UTC-11
 * to UTC+11 (every US zone), so the receipt, the page and the record all print the day given.
 */
const noonUtc = (day: string) => `${day}T12:00:00.000Z`;

/**
 * POST /api/contracts/:id/payments/:stage/record (issue 36): money the contractor took by hand.
 * The database's unique index holds a stage to one payment, so a stage paid meanwhile (online, or
 * by a teammate) is a 409, never a second payment. The client gets a receipt, the timeline says
 * who recorded it, and it can be undone for a day.
 */
export async function recordStagePayment(
  deps: StagePaymentsDeps,
  user: Recorder,
  target: { contractId: number; stageIndex: number },
  input: RecordPaymentInput,
): Promise<StagePayments> {
  const now = deps.clock();
  const { contractId, stageIndex } = target;
  const { contract, stage } = await stageToCollect(deps.db, user.companyId, contractId, stageIndex);
  const today = calendarDateIn(now.toISOString(), await companyTimeZone(deps.db, user.companyId));
  if (input.paid_at > today) throw new AppError('BAD_REQUEST', PAID_IN_FUTURE);
  await deps.db.transaction().execute(async (trx) => {
    const paymentId = await insertStagePayment(
      trx,
      {
        companyId: user.companyId,
        contractId,
        stageIndex,
        amountCents: stage.amount_cents,
        status: 'paid',
        method: input.method,
        paidAt: noonUtc(input.paid_at),
        note: input.note || null,
        recordedBy: user.id,
      },
      now,
    );
    if (paymentId === null) throw new AppError('CONFLICT', STAGE_PAID);
    await refreshPaymentSummary(trx, contractId);
    await announcePayment(trx, deps, paymentId, 'recorded', now, user.email);
  });
  return paymentsAnswer(deps.db, contract, now);
}

/**
 * POST /api/contracts/:id/payments/:stage/undo: a payment recorded by hand, taken back within a
 * day of recording it (a wrong stage, a check that bounced). The row stays, marked undone and by
 * whom; online payments are refunded in Stripe, whose event records the refund.
 */
export async function undoRecordedPayment(
  deps: StagePaymentsDeps,
  user: Recorder,
  target: { contractId: number; stageIndex: number },
): Promise<StagePayments> {
  const now = deps.clock();
  const { contractId, stageIndex } = target;
  const contract = await contractForPayments(deps.db, user.companyId, contractId);
  if (!contract) throw new AppError('NOT_FOUND', CONTRACT_NOT_FOUND);
  await deps.db.transaction().execute(async (trx) => {
    const payment = await trx
      .selectFrom('payments')
      .select(['id', 'method', 'created_at'])
      .where('company_id', '=', user.companyId)
      .where('contract_id', '=', contractId)
      .where('stage_index', '=', stageIndex)
      .where('status', 'in', HOLDING_PAYMENT_STATUSES)
      .where('undone_at', 'is', null)
      .executeTakeFirst();
    if (!payment) throw new AppError('CONFLICT', NOTHING_TO_UNDO);
    if (!recordedByHand(payment.method)) throw new AppError('CONFLICT', ONLINE_NOT_UNDONE);
    if (now.getTime() >= Date.parse(undoDeadlineOf(payment.created_at))) {
      throw new AppError('CONFLICT', UNDO_TOO_LATE);
    }
    // Conditional: of two undos at once, one changes the row and announces it.
    const undone = await trx
      .updateTable('payments')
      .set({
        undone_at: now.toISOString(),
        undone_by_user_id: user.id,
        updated_at: now.toISOString(),
      })
      .where('id', '=', payment.id)
      .where('undone_at', 'is', null)
      .executeTakeFirst();
    if (undone.numUpdatedRows === 0n) throw new AppError('CONFLICT', NOTHING_TO_UNDO);
    await refreshPaymentSummary(trx, contractId);
    await announcePayment(trx, deps, payment.id, 'undone', now, user.email);
  });
  return paymentsAnswer(deps.db, contract, now);
}
