import type { DbOrTrx } from '../../db/kysely.js';
import type { ChangeOrderMoney } from '../../domain/change-order-money.js';
import type { PaymentStage } from '../../domain/payment-plan.js';
import { AppError } from '../../lib/app-error.js';
import { holdingPayments, refreshPaymentSummary, stagesOf } from '../payments/ledger.js';
import { lockContractForSigners } from '../signers/signers.repo.js';

/**
 * A change order applies to its contract when its last signer signs (issue 38,
 * docs/decisions/049), in that signature's transaction, under the contract's lock: the contract's
 * total and stages become the ones the change order was sent with, and the card's paid and due
 * facts are refreshed. A stage it changes that a payment holds since it was sent refuses the
 * signature (the caller's transaction rolls back): a paid stage never changes.
 */
export async function applyChangeOrder(
  trx: DbOrTrx,
  row: {
    change_order_of: number | null;
    change_money_json: string | null;
    company_name: string | null;
  },
  at: string,
): Promise<void> {
  if (row.change_order_of === null) return;
  const contractId = row.change_order_of;
  await lockContractForSigners(trx, contractId);
  if (!row.change_money_json) throw new AppError('INTERNAL', 'A sent change order has its money');
  const money = JSON.parse(row.change_money_json) as ChangeOrderMoney;
  const company = row.company_name ?? 'your contractor';
  const contract = await trx
    .selectFrom('contracts')
    .select(['total_price_cents', 'payment_plan_json'])
    .where('id', '=', contractId)
    .executeTakeFirstOrThrow();
  // Another change order signed since this one was sent: its lines no longer hold.
  const sameBefore =
    (contract.total_price_cents ?? 0) === money.sum_before_cents &&
    sameAmounts(stagesOf(contract.payment_plan_json), money.stages_before);
  if (!sameBefore) {
    throw new AppError(
      'CONFLICT',
      `The contract changed since this change order was sent: ask ${company} for a new one`,
    );
  }
  const held = await holdingPayments(trx, contractId);
  const changed = changedStages(money);
  if (changed.some((index) => held.has(index))) {
    throw new AppError(
      'CONFLICT',
      `This change order no longer fits the payments made: ask ${company} for a new one`,
    );
  }
  await trx
    .updateTable('contracts')
    .set({
      total_price_cents: money.sum_after_cents,
      payment_plan_json: JSON.stringify(money.stages_after),
      updated_at: at,
    })
    .where('id', '=', contractId)
    .execute();
  await refreshPaymentSummary(trx, contractId);
}

/** The positions whose amount the change order changes, a new stage included. */
function changedStages(money: ChangeOrderMoney): number[] {
  return money.stages_after
    .map((stage, index) => ({
      index,
      changed: stage.amount_cents !== money.stages_before[index]?.amount_cents,
    }))
    .filter((stage) => stage.changed)
    .map((stage) => stage.index);
}

function sameAmounts(now: readonly PaymentStage[], before: readonly PaymentStage[]): boolean {
  return (
    now.length === before.length &&
    now.every((stage, index) => stage.amount_cents === before[index]?.amount_cents)
  );
}
