import { CONTRACT_STATUSES, STATUS_BADGE, type ContractStatus } from '@domain/contract-lifecycle';

/**
 * The contracts screen's status filter offers the words of the badges: statuses that share a
 * badge ("Completed": signed, and sealed) are one choice. Each choice is named in the URL by its
 * first status (`?status=signed`), and a new status joins the filter with its badge.
 */
export interface StatusFilter {
  key: ContractStatus;
  label: string;
  statuses: ContractStatus[];
}

export const STATUS_FILTERS: readonly StatusFilter[] = CONTRACT_STATUSES.reduce<StatusFilter[]>(
  (filters, status) => {
    const label = STATUS_BADGE[status];
    const same = filters.find((filter) => filter.label === label);
    if (same) same.statuses.push(status);
    else filters.push({ key: status, label, statuses: [status] });
    return filters;
  },
  [],
);

export const STATUS_FILTER_KEYS = STATUS_FILTERS.map((filter) => filter.key);

export function statusFilterOf(key: ContractStatus | undefined): StatusFilter | undefined {
  return STATUS_FILTERS.find((filter) => filter.key === key);
}
