import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';
import { useIsFuture } from './use-is-future';

/** The client's email budget says wait (issue 33): until when, and why; null when it does not. */
export interface ClientEmailWait {
  at: string;
  /** The server's sentence, with the time on the company's clock. */
  message: string;
}

/**
 * When a reminder or a new link may next email this contract's client, as the server counts it
 * (one an hour, three a day, and the account's daily limit). The buttons come back by themselves
 * the moment the wait ends.
 */
export function useClientEmailWait(id: number, enabled: boolean): ClientEmailWait | null {
  const next = useQuery({ ...trpc.followUp.nextClientEmail.queryOptions({ id }), enabled });
  const at = next.data?.next_email_at ?? null;
  const waiting = useIsFuture(at);
  const message = next.data?.message;
  return enabled && waiting && at && message ? { at, message } : null;
}
