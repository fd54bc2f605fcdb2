import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/kysely.js';
import type { PaymentStage } from '../../domain/payment-plan.js';
import {
  depositStageIndex,
  HOLDING_PAYMENT_STATUSES,
  type PaymentMethod,
} from '../../domain/payments.js';
import type { CompanyId } from '../../domain/team.js';

/**
 * The payments of a contract's stages (issue 36, docs/decisions/046). A stage is held by at most
 * one payment (processing, paid or partly refunded, not undone): the database's unique index
 * refuses a second, and insertStagePayment turns that refusal into null, never a second payment.
 */

export function stagesOf(planJson: string | null): PaymentStage[] {
  return planJson ? (JSON.parse(planJson) as PaymentStage[]) : [];
}

const HOLDING_PREDICATE = sql<boolean>`status IN ('processing', 'paid', 'partly_refunded') AND undone_at IS NULL`;

export interface NewStagePayment {
  companyId: CompanyId;
  contractId: number;
  stageIndex: number;
  amountCents: number;
  status: 'paid' | 'processing';
  method: PaymentMethod;
  checkoutSessionId?: string | null;
  paymentIntentId?: string | null;
  paidAt: string | null;
  note?: string | null;
  recordedBy?: number | null;
}

/** The new payment's id, or null when the stage is already held (nothing is written). */
export async function insertStagePayment(
  trx: DbOrTrx,
  payment: NewStagePayment,
  now: Date,
): Promise<number | null> {
  const at = now.toISOString();
  const inserted = await trx
    .insertInto('payments')
    .values({
      company_id: payment.companyId,
      contract_id: payment.contractId,
      stage_index: payment.stageIndex,
      amount_cents: payment.amountCents,
      status: payment.status,
      method: payment.method,
      checkout_session_id: payment.checkoutSessionId ?? null,
      stripe_payment_intent_id: payment.paymentIntentId ?? null,
      paid_at: payment.paidAt,
      note: payment.note ?? null,
      recorded_by_user_id: payment.recordedBy ?? null,
      created_at: at,
      updated_at: at,
    })
    // The index payments_one_per_stage, named by its columns and its predicate, written out as
    // in the migration: SQLite matches a partial index only to the same literal predicate.
    .onConflict((conflict) =>
      conflict.columns(['contract_id', 'stage_index']).where(HOLDING_PREDICATE).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

/** The payment holding each stage of a contract, by stage. */
export async function holdingPayments(trx: DbOrTrx, contractId: number) {
  const rows = await trx
    .selectFrom('payments')
    .selectAll()
    .where('contract_id', '=', contractId)
    .where('status', 'in', HOLDING_PAYMENT_STATUSES)
    .where('undone_at', 'is', null)
    .execute();
  return new Map(rows.map((row) => [row.stage_index, row]));
}

/**
 * What the card and the "Payment due" filter read, rewritten in every payment's transaction: the
 * cents paid (net of refunds, bank payments counted once they clear), and since when a stage has
 * been due (the deposit from the client's signature, a requested stage from its request) and is
 * not held.
 */
export async function refreshPaymentSummary(trx: DbOrTrx, contractId: number): Promise<void> {
  const contract = await trx
    .selectFrom('contracts')
    .select(['payment_plan_json', 'client_signed_at'])
    .where('id', '=', contractId)
    .executeTakeFirstOrThrow();
  const paid = await trx
    .selectFrom('payments')
    .select((eb) => eb.fn.sum<number>(eb('amount_cents', '-', eb.ref('refunded_cents'))).as('net'))
    .where('contract_id', '=', contractId)
    .where('status', 'in', ['paid', 'partly_refunded', 'refunded'])
    .where('undone_at', 'is', null)
    .executeTakeFirst();
  const held = await holdingPayments(trx, contractId);
  const requests = await trx
    .selectFrom('payment_requests')
    .select(['stage_index', (eb) => eb.fn.min<string>('created_at').as('first')])
    .where('contract_id', '=', contractId)
    .groupBy('stage_index')
    .execute();
  const dueSince = requests
    .filter((request) => !held.has(request.stage_index))
    .map((request) => request.first);
  const deposit = depositStageIndex(stagesOf(contract.payment_plan_json));
  if (deposit !== null && contract.client_signed_at && !held.has(deposit)) {
    dueSince.push(contract.client_signed_at);
  }
  await trx
    .updateTable('contracts')
    .set({
      paid_cents: Number(paid?.net ?? 0),
      payment_due_at: dueSince.sort()[0] ?? null,
    })
    .where('id', '=', contractId)
    .execute();
}
