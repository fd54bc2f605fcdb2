import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useBlocker, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { Contract } from '@domain/contracts.schemas';
import { trpc } from '../../lib/trpc';
import { clearLocalDraft, saveLocalDraft } from './local-draft';
import {
  emptyWizardState,
  toDraftPayload,
  type WizardPayments,
  type WizardState,
} from './wizard-state';

/**
 * The wizard's state and its saving: kept in this browser while unsaved, saved as a draft on
 * request, and guarded so leaving with unsaved changes asks first (issue 5, "Nothing typed is lost").
 */
export function useWizard(options: {
  email: string;
  contractId: number | undefined;
  initial: WizardState;
  /** The state as last saved on the server (null for a new contract). */
  saved: WizardState | null;
  /** Told the id of a new contract before its id goes into the URL. */
  onCreated?: (id: number) => void;
  /** Whether Stripe is connected: the first stage's "Collect online" depends on it. */
  payments: WizardPayments;
}) {
  const payloadKey = (state: WizardState) =>
    JSON.stringify(toDraftPayload(state, options.payments));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [state, setState] = useState(options.initial);
  const [contractId, setContractId] = useState(options.contractId);
  // A new contract counts as unchanged until something is entered. The saved state, not its
  // payload, is kept: both are put as payloads the same way, whatever the company's Stripe says.
  const [savedState, setSavedState] = useState(() => options.saved ?? emptyWizardState());
  const dirty = payloadKey(state) !== payloadKey(savedState);
  // Our own navigations (after saving, or to home after sending) must not ask.
  const navigatingOnPurpose = useRef(false);

  useEffect(() => {
    if (dirty) saveLocalDraft(options.email, contractId, state);
    else clearLocalDraft(options.email, contractId);
  }, [dirty, state, contractId, options.email]);

  useBlocker({
    shouldBlockFn: () =>
      dirty &&
      !navigatingOnPurpose.current &&
      !window.confirm('You have unsaved changes. Leave this contract without saving?'),
    enableBeforeUnload: () => dirty && !navigatingOnPurpose.current,
  });

  const create = useMutation(trpc.contracts.create.mutationOptions());
  const update = useMutation(trpc.contracts.update.mutationOptions());

  /** Creates or updates the draft; returns the saved contract. */
  async function saveDraft(): Promise<Contract> {
    const payload = toDraftPayload(state, options.payments);
    const saved = contractId
      ? await update.mutateAsync({ id: contractId, ...payload })
      : await create.mutateAsync(payload);
    setSavedState(state);
    clearLocalDraft(options.email, undefined);
    await queryClient.invalidateQueries(trpc.contracts.pathFilter());
    if (!contractId) {
      setContractId(saved.id);
      options.onCreated?.(saved.id);
      navigatingOnPurpose.current = true;
      await navigate({ to: '/wizard', search: { id: saved.id }, replace: true });
      navigatingOnPurpose.current = false;
    }
    return saved;
  }

  /** To the legal acknowledgment and back: the wizard is kept in this browser, step and all. */
  async function leaveForLegal() {
    navigatingOnPurpose.current = true;
    saveLocalDraft(options.email, contractId, state);
    await navigate({ to: '/settings/legal', search: { contract: contractId ?? 'new' } });
  }

  async function leaveTo(path: '/') {
    navigatingOnPurpose.current = true;
    clearLocalDraft(options.email, contractId);
    await navigate({ to: path });
  }

  return {
    state,
    setState,
    contractId,
    dirty,
    saving: create.isPending || update.isPending,
    saveDraft,
    leaveTo,
    leaveForLegal,
  };
}
