import type { DbOrTrx } from '../../db/kysely.js';
import {
  changeOrderMoney,
  type ChangeOrderMoneyResult,
  type ChangeOrderPayment,
} from '../../domain/change-order-money.js';
import { holdingPayments, stagesOf } from '../payments/ledger.js';
import { appliedChanges } from './change-orders.repo.js';

/** The contract a change order changes, as its money needs it. */
export interface ChangedContract {
  id: number;
  total_price_cents: number | null;
  payment_plan_json: string | null;
  paid_cents: number;
}

/**
 * The G701 money of a change order against its contract as the contract stands now: the stages
 * after earlier change orders, the payments that hold stages, what was paid (issue 38).
 */
export async function moneyAgainst(
  db: DbOrTrx,
  contract: ChangedContract,
  change: {
    id: number | null;
    priceChangeCents: number;
    daysChange: number | null;
    payment: ChangeOrderPayment;
  },
): Promise<ChangeOrderMoneyResult> {
  const earlier = await appliedChanges(db, contract.id, change.id);
  const held = await holdingPayments(db, contract.id);
  return changeOrderMoney({
    // The contract's total already carries the change orders signed before.
    originalSumCents: (contract.total_price_cents ?? 0) - earlier.cents,
    earlierChangesCents: earlier.cents,
    stagesBefore: stagesOf(contract.payment_plan_json),
    heldStages: new Set(held.keys()),
    paidCents: contract.paid_cents,
    priceChangeCents: change.priceChangeCents,
    payment: change.payment,
    earlierDays: earlier.days,
    daysChange: change.daysChange,
  });
}
