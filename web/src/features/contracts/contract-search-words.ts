import type { ContractStatus } from '@domain/contract-lifecycle';
import { statusFilterOf } from './status-filter';

/** What the search box and the status filter hold; the route keeps it in the URL. */
export interface ContractsSearch {
  q?: string;
  status?: ContractStatus;
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
