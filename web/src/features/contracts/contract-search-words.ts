import type { ContractStatus } from '@domain/contract-lifecycle';
import { statusFilterOf } from './status-filter';

/** What the search box and the status filter hold; the route keeps it in the URL. */
export interface ContractsSearch {
  q?: string;
  status?: ContractStatus;
  /** "Mine" or "Everyone" (issue 35); unset: everyone for an owner, mine for a member. */
  who?: ContractsWho;
  /** "Payment due" (issue 36): only the contracts with a payment due and not yet paid. */
  due?: true;
}

export const CONTRACTS_WHO = ['everyone', 'mine'] as const;
export type ContractsWho = (typeof CONTRACTS_WHO)[number];

/** Whether the list keeps only the signed-in person's contracts. */
export function onlyMine(who: ContractsWho | undefined, role: 'owner' | 'member' | undefined) {
  return who === undefined ? role === 'member' : who === 'mine';
}

/** What an empty answer says, with the words and the status asked for. */
export function noMatchMessage({ q, status }: ContractsSearch): string {
  const label = statusFilterOf(status)?.label;
  const withStatus = label ? ` with the status "${label}"` : '';
  return q ? `No contracts match "${q}"${withStatus}` : `No contracts${withStatus}`;
}

/** How many contracts the list shows, when some match. */
export function countMessage(shown: number, more: boolean): string {
  if (more) return `The newest ${shown} matching contracts`;
  return shown === 1 ? '1 contract matches' : `${shown} contracts match`;
}
