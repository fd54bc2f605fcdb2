import type { ContractDraftInput } from '@domain/contracts.schemas';

/**
 * A draft saved on the phone and not yet on the server (issue 40). The outbox keeps the latest
 * state of each draft, not a log of changes: sending it is one create or one update.
 */
export interface OutboxEntry {
  /** `new:<client draft id>` for a contract the server has not seen, `contract:<id>` otherwise. */
  key: string;
  email: string;
  /** Made on the phone; sent with the create so a retry never makes a second contract. */
  clientDraftId: string | null;
  contractId: number | null;
  /** The server's draft_version this phone last saw (null for a new contract). */
  baseVersion: number | null;
  /** What the wizard shows when it is opened again. */
  wizardState: unknown;
  /** What is sent. */
  payload: ContractDraftInput;
  /** The client's name for the list, as typed. */
  title: string;
  queuedAt: number;
  /** Bumped at each save, so a send that raced a newer save does not drop the newer one. */
  revision: number;
  attempts: number;
  nextTryAt: number;
  status: 'waiting' | 'conflict' | 'refused';
  /** Why the server refused it, in its words (status `refused`). */
  problem: string | null;
  /**
   * A create of it went out and no answer came: the server may hold it already, with what was
   * sent then. The next send follows the create with an update of the latest state.
   */
  createTried: boolean;
}
