import type { ChangeOrderMoney } from './change-order-money.js';
import type { ChangeOrderData, ContractTemplateData } from './template-data.js';

/**
 * A Change Order document's data (issue 38): the contract's data as it is built for any document
 * (company, client, signers, signatures), with the change and its G701 lines from the money.
 */
export function withChangeOrder(
  data: ContractTemplateData,
  change: {
    number: number;
    contractId: number;
    /** YYYY-MM-DD: the date the contract was dated. */
    contractDate: string;
    description: string;
    daysChange: number | null;
    money: ChangeOrderMoney;
  },
): ContractTemplateData {
  const { money } = change;
  const changeOrder: ChangeOrderData = {
    number: change.number,
    contract_id: change.contractId,
    contract_date: change.contractDate,
    description: change.description,
    original_sum_cents: money.original_sum_cents,
    earlier_changes_cents: money.earlier_changes_cents,
    sum_before_cents: money.sum_before_cents,
    price_change_cents: money.price_change_cents,
    is_increase: money.price_change_cents > 0,
    sum_after_cents: money.sum_after_cents,
    days:
      change.daysChange === null || change.daysChange === 0
        ? null
        : { before: money.days_before, change: change.daysChange, after: money.days_after },
    stages_before: money.stages_before,
    stages_after: money.stages_after,
  };
  return {
    ...data,
    scope: { paragraph: change.description, bullets: [] },
    contract: { total_cents: money.sum_after_cents },
    payments: money.stages_after,
    change_order: changeOrder,
  };
}
