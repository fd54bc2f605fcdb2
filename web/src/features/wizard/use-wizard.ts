import { onlineManager, useMutation, useQueryClient } from '@tanstack/react-query';
import { useBlocker, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { Contract } from '@domain/contracts.schemas';
import { trpc } from '../../lib/trpc';
import {
  contractKey,
  dropOutboxEntry,
  restoreOutboxEntry,
  newDraftKey,
  outboxEntry,
  onOutboxChange,
  putOutboxEntry,
} from '../offline-drafts/outbox';
import { newClientDraftId } from '../offline-drafts/client-draft-id';
import { onDraftSynced, sendSavedNow } from '../offline-drafts/sync';
import { useOutboxEntry } from '../offline-drafts/use-outbox';
import { clearLocalDraft, localAutosaveId, saveLocalDraft } from './local-draft';
import {
  emptyWizardState,
  toDraftPayload,
  wizardStateFromContract,
  type WizardPayments,
  type WizardState,
} from './wizard-state';

/** What came of Save Draft: on the server, kept on this phone, or changed elsewhere meanwhile. */
export type SaveOutcome =
  | { kind: 'saved'; contract: Contract }
  | { kind: 'sent-by-sync' }
  | { kind: 'on-phone' }
  | { kind: 'conflict' };

/**
 * The wizard's state and its saving: kept in this browser while unsaved, saved as a draft on
 * request, and guarded so leaving with unsaved changes asks first (issue 5, "Nothing typed is lost").
 * A save goes to the phone's outbox first and is sent from there (issue 40): without a
 * connection it stays on the phone and is sent when the connection returns.
 */
export function useWizard(options: {
  email: string;
  contractId: number | undefined;
  initial: WizardState;
  /** The state as last saved on the server (null for a new contract). */
  saved: WizardState | null;
  /** The server's draft_version of that state (null for a new contract). */
  savedVersion: number | null;
  /** A new contract saved on this phone earlier: its id made on the phone. */
  clientDraftId?: string;
  /** Told the id of a new contract before its id goes into the URL. */
  onCreated?: (id: number) => void;
  /** Told the phone-made id of a new contract kept on this phone, before it goes into the URL. */
  onKeptOnPhone?: (clientDraftId: string) => void;
  /** Whether Stripe is connected: the first stage's "Collect online" depends on it. */
  payments: WizardPayments;
}) {
  const payloadKey = (state: WizardState) =>
    JSON.stringify(toDraftPayload(state, options.payments));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [state, setState] = useState(options.initial);
  const [contractId, setContractId] = useState(options.contractId);
  const [version, setVersion] = useState(options.savedVersion);
  const [clientDraftId] = useState(() => options.clientDraftId ?? newClientDraftId());
  const [conflict, setConflict] = useState<Contract | null>(null);
  const [saving, setSaving] = useState(false);
  // A new contract counts as unchanged until something is entered. The saved state, not its
  // payload, is kept: both are put as payloads the same way, whatever the company's Stripe says.
  const [savedState, setSavedState] = useState(() => options.saved ?? emptyWizardState());
  const dirty = payloadKey(state) !== payloadKey(savedState);
  // Our own navigations (after saving, or to home after sending) must not ask.
  const navigatingOnPurpose = useRef(false);
  const key = contractId ? contractKey(contractId) : newDraftKey(clientDraftId);
  // A new draft kept on this phone has its own autosave, so its unsaved typing survives a reload
  // and never fills the next New contract.
  const [keptNew, setKeptNew] = useState(options.clientDraftId !== undefined);
  const autosaveId = contractId ?? (keptNew ? localAutosaveId(clientDraftId) : undefined);
  const waiting = useOutboxEntry(key);

  useEffect(() => {
    if (dirty) saveLocalDraft(options.email, autosaveId, state);
    else clearLocalDraft(options.email, autosaveId);
  }, [dirty, state, autosaveId, options.email]);

  useBlocker({
    shouldBlockFn: () =>
      dirty &&
      !navigatingOnPurpose.current &&
      !window.confirm('You have unsaved changes. Leave this contract without saving?'),
    enableBeforeUnload: () => dirty && !navigatingOnPurpose.current,
  });

  const create = useMutation(trpc.contracts.create.mutationOptions());
  const update = useMutation(trpc.contracts.update.mutationOptions());

  async function whenSaved(saved: Contract, stateSaved: WizardState) {
    setSavedState(stateSaved);
    setVersion(saved.draft_version);
    clearLocalDraft(options.email, undefined);
    clearLocalDraft(options.email, localAutosaveId(clientDraftId));
    await queryClient.invalidateQueries(trpc.contracts.pathFilter());
    if (!contractId) {
      setContractId(saved.id);
      options.onCreated?.(saved.id);
      navigatingOnPurpose.current = true;
      await navigate({ to: '/wizard', search: { id: saved.id }, replace: true });
      navigatingOnPurpose.current = false;
    }
  }

  // The background sync sent this wizard's draft (the connection came back): it now has an id.
  const latest = useRef({ whenSaved, key, state });
  useEffect(() => {
    latest.current = { whenSaved, key, state };
  });
  useEffect(
    () =>
      onDraftSynced(({ entry, contract, background }) => {
        if (!background || entry.key !== latest.current.key) return;
        void latest.current.whenSaved(contract, entry.wizardState as WizardState);
      }),
    [],
  );

  // The background sync found this draft changed elsewhere: the person chooses.
  useEffect(() => {
    const check = () =>
      void outboxEntry(key)
        .then(async (entry) => {
          if (entry?.status !== 'conflict' || !contractId) return;
          const { trpcClient } = await import('../../lib/trpc');
          setConflict(await trpcClient.contracts.get.query({ id: contractId }));
        })
        .catch(() => {
          // Offline: the choice is offered once the saved one can be read.
        });
    check();
    const stopFollowing = onlineManager.subscribe((online) => {
      if (online) check();
    });
    const stop = onOutboxChange(check);
    return () => {
      stopFollowing();
      stop();
    };
  }, [key, contractId]);

  /** Creates or updates the draft; on the server if it can be reached, else on this phone. */
  async function saveDraft(options_: { baseVersion?: number } = {}): Promise<SaveOutcome> {
    setSaving(true);
    try {
      return await saveNow(options_.baseVersion ?? version);
    } finally {
      setSaving(false);
    }
  }

  async function saveNow(baseVersion: number | null): Promise<SaveOutcome> {
    const stateSaved = state;
    const payload = toDraftPayload(stateSaved, options.payments);
    const put = await putOutboxEntry({
      key,
      email: options.email,
      clientDraftId: contractId ? null : clientDraftId,
      contractId: contractId ?? null,
      baseVersion: contractId ? baseVersion : null,
      wizardState: stateSaved,
      payload,
      title: stateSaved.client.name.trim(),
    });
    if (!put) {
      // No storage on this phone (a private window): online only, as before issue 40.
      const saved = contractId
        ? await update.mutateAsync({ id: contractId, ...payload })
        : await create.mutateAsync({ ...payload, client_draft_id: clientDraftId });
      await whenSaved(saved, stateSaved);
      return { kind: 'saved', contract: saved };
    }
    const sent = await sendSavedNow(put.saved);
    // The background sync sent it while this save waited its turn: it is saved (its listener
    // gave this wizard the contract).
    if (!sent) return { kind: 'sent-by-sync' };
    if (sent.ok) {
      await whenSaved(sent.contract, stateSaved);
      return { kind: 'saved', contract: sent.contract };
    }
    if (sent.outcome === 'unreachable') {
      setSavedState(stateSaved);
      setKeptNew(!contractId);
      clearLocalDraft(options.email, autosaveId);
      if (!contractId) {
        options.onKeptOnPhone?.(clientDraftId);
        navigatingOnPurpose.current = true;
        await navigate({ to: '/wizard', search: { local: clientDraftId }, replace: true });
        navigatingOnPurpose.current = false;
      }
      return { kind: 'on-phone' };
    }
    if (sent.outcome === 'conflict' && contractId) {
      const { trpcClient } = await import('../../lib/trpc');
      setConflict(await trpcClient.contracts.get.query({ id: contractId }));
      return { kind: 'conflict' };
    }
    // Refused: what waited on the phone before this save is put back, and what was typed stays
    // in the wizard (and this browser's autosave). The server could not, or the session ended:
    // the save waits on the phone and is tried again; the person is told now either way.
    if (sent.outcome === 'refused') await restoreOutboxEntry(key, put.before);
    throw sent.error;
  }

  /** "Keep mine": this phone's draft replaces the one saved elsewhere. */
  async function keepMine(): Promise<SaveOutcome> {
    const server = conflict;
    setConflict(null);
    return saveDraft(server ? { baseVersion: server.draft_version } : {});
  }

  /** "Use the saved one": this phone's changes go; the wizard shows the draft as saved. */
  async function takeSaved() {
    const server = conflict;
    setConflict(null);
    await dropOutboxEntry(key);
    if (!server) return;
    if (server.status !== 'draft') {
      navigatingOnPurpose.current = true;
      await navigate({ to: '/contracts/$id', params: { id: server.id } });
      return;
    }
    const saved = wizardStateFromContract(server);
    setState({ ...saved, step: latest.current.state.step });
    setSavedState(saved);
    setVersion(server.draft_version);
    clearLocalDraft(options.email, autosaveId);
    await queryClient.invalidateQueries(trpc.contracts.pathFilter());
  }

  /** To the legal acknowledgment and back: the wizard is kept in this browser, step and all. */
  async function leaveForLegal() {
    navigatingOnPurpose.current = true;
    saveLocalDraft(options.email, autosaveId, state);
    await navigate({ to: '/settings/legal', search: { contract: contractId ?? 'new' } });
  }

  async function leaveTo(path: '/') {
    navigatingOnPurpose.current = true;
    clearLocalDraft(options.email, autosaveId);
    await navigate({ to: path });
  }

  return {
    state,
    setState,
    contractId,
    dirty,
    saving: saving || create.isPending || update.isPending,
    /** This draft waits on this phone to be sent. */
    keptOnPhone: waiting?.status === 'waiting',
    conflict,
    keepMine,
    takeSaved,
    saveDraft,
    leaveTo,
    leaveForLegal,
  };
}
