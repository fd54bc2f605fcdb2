import { Alert, Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { optionalId, optionalUuid } from '../../lib/search-params';
import { PageLoading } from '../../components/page-loading';
import { useCurrentUser } from '../../features/auth/use-current-user';
import {
  loadLocalDraft,
  localAutosaveId,
  wizardStateFrom,
} from '../../features/wizard/local-draft';
import { WizardPage } from '../../features/wizard/wizard-page';
import { RevisionLinks } from '../../features/contracts/revision-links';
import { emptyWizardState, wizardStateFromContract } from '../../features/wizard/wizard-state';
import { ContractLoadError } from '../../features/contracts/contract-load-error';
import { contractKey, newDraftKey } from '../../features/offline-drafts/outbox';
import { useOutboxEntry } from '../../features/offline-drafts/use-outbox';
import { trpc } from '../../lib/trpc';

export const Route = createFileRoute('/_authed/wizard')({
  validateSearch: (search: Record<string, unknown>): { id?: number; local?: string } => ({
    id: optionalId(search.id),
    local: optionalUuid(search.local),
  }),
  component: WizardRoute,
});

function WizardRoute() {
  const { id, local } = Route.useSearch();
  const email = useCurrentUser().data?.user?.email ?? '';
  // The first save of a new contract puts its id in the URL (or, kept on this phone, the id the
  // phone made). That is still the same wizard, on the same step with the same signature: it
  // keeps its key, so React keeps its state. Opening New again (neither) starts a fresh one.
  const [createdHere, setCreatedHere] = useState<number | undefined>(undefined);
  const [keptHere, setKeptHere] = useState<string | undefined>(undefined);
  const [generation, setGeneration] = useState(0);
  const [shown, setShown] = useState({ id, local });
  if (id !== shown.id || local !== shown.local) {
    setShown({ id, local });
    if (id === undefined && local === undefined) setGeneration((value) => value + 1);
  }
  const contract = useQuery({
    ...trpc.contracts.get.queryOptions({ id: id ?? 0 }),
    enabled: id !== undefined && id !== createdHere,
  });
  // Issue 40: a draft kept on this phone opens as it was kept there.
  const openedHere =
    (id !== undefined && id === createdHere) ||
    (id === undefined && local !== undefined && local === keptHere);
  const kept = useOutboxEntry(
    openedHere ? null : id ? contractKey(id) : local ? newDraftKey(local) : null,
  );
  // Issue 36: whether the first stage may be collected online at signing. Known before the
  // wizard starts, so what it saves never depends on an answer still on its way; a failed read,
  // or one waiting for a connection (issue 40), counts as not connected.
  const paymentSettings = useQuery(trpc.payments.settings.queryOptions());
  const stripeConnected = paymentSettings.data?.connected ?? false;
  const payments = useMemo(() => ({ stripeConnected }), [stripeConnected]);
  if (paymentSettings.isPending && paymentSettings.fetchStatus === 'fetching') {
    return <PageLoading />;
  }
  if (kept === undefined) return <PageLoading />;
  const keptState = kept ? wizardStateFrom(kept.wizardState) : null;

  if (id === undefined || id === createdHere) {
    if (local && !openedHere && !keptState) {
      return (
        <Alert title="This draft is no longer waiting on this phone">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">It was sent to your account: find it under Drafts in Contracts.</Text>
            <Button component={Link} to="/" size="sm" variant="light">
              Open Contracts
            </Button>
          </Stack>
        </Alert>
      );
    }
    // Typing after the last save on the phone (its autosave) first, then that save.
    const initial = local
      ? (loadLocalDraft(email, localAutosaveId(local)) ?? keptState)
      : id === undefined
        ? loadLocalDraft(email, undefined)
        : null;
    return (
      <WizardPage
        key={`new-${generation}`}
        email={email}
        contractId={undefined}
        initial={initial ?? emptyWizardState()}
        saved={keptState}
        savedVersion={null}
        clientDraftId={local}
        payments={payments}
        onCreated={(createdId) => {
          // Committed before the id reaches the URL, so that render already keeps this wizard.
          flushSync(() => setCreatedHere(createdId));
        }}
        onKeptOnPhone={(clientDraftId) => {
          flushSync(() => setKeptHere(clientDraftId));
        }}
      />
    );
  }
  if (contract.isPending && contract.fetchStatus === 'paused') {
    return (
      <Alert title={`Contract #${id} is not on this phone`}>
        This phone has not opened it with a connection yet. Open it again once you have a signal.
      </Alert>
    );
  }
  if (contract.isPending) return <PageLoading />;
  if (contract.isError) return <ContractLoadError error={contract.error} />;
  if (contract.data.status !== 'draft') {
    return (
      <Alert title={`Contract #${id} was already sent`}>Sent contracts cannot be changed.</Alert>
    );
  }
  const saved = wizardStateFromContract(contract.data);
  return (
    <>
      {/* A revision says what it revises, with the way back (issue 17). */}
      <RevisionLinks contract={contract.data} />
      <WizardPage
        key={id}
        email={email}
        contractId={id}
        initial={loadLocalDraft(email, id) ?? keptState ?? saved}
        saved={saved}
        savedVersion={kept?.baseVersion ?? contract.data.draft_version}
        payments={payments}
      />
    </>
  );
}
