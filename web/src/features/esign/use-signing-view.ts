import { startTransition, useCallback, useEffect, useState } from 'react';
import { loadSigningView, type LoadOutcome } from './esign-api';

export type SigningViewState = { kind: 'loading' } | LoadOutcome;

/**
 * What the signing link shows, fetched once per token (and again on `reload`). Render the page
 * with `key={token}` so a different token starts from 'loading'.
 */
export function useSigningView(token: string) {
  const [state, setState] = useState<SigningViewState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    void loadSigningView(token, controller.signal).then((outcome) => {
      if (controller.signal.aborted) return;
      // A transition: React renders the signing view in slices, yielding to the phone's browser
      // between them, instead of in one long task (Lighthouse counts those as blocking time).
      startTransition(() => setState(outcome));
    });
    return () => controller.abort();
  }, [token, attempt]);

  const reload = useCallback(() => {
    setState({ kind: 'loading' });
    setAttempt((count) => count + 1);
  }, []);

  /** After our own signature: show the done state without another round trip. */
  const markSigned = useCallback((clientSignedAt: string) => {
    setState((current) =>
      current.kind === 'ready'
        ? {
            kind: 'ready',
            view: { ...current.view, status: 'completed', client_signed_at: clientSignedAt },
          }
        : current,
    );
  }, []);

  /** After our own decline: the declined view, from what the signing view already knew. */
  const markDeclined = useCallback((closedAt: string) => {
    setState((current) =>
      current.kind === 'ready'
        ? {
            kind: 'closed',
            view: {
              id: current.view.id,
              status: 'declined',
              company_name: current.view.company_name,
              company_phone: current.view.company_phone,
              company_email: current.view.company_email,
              closed_at: closedAt,
              closed_reason: null,
            },
          }
        : current,
    );
  }, []);

  const markInvalid = useCallback(() => setState({ kind: 'invalid' }), []);

  return { state, reload, markSigned, markDeclined, markInvalid };
}
