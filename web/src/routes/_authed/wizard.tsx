import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { optionalId } from '../../lib/search-params';
import { PageLoading } from '../../components/page-loading';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { loadLocalDraft } from '../../features/wizard/local-draft';
import { WizardPage } from '../../features/wizard/wizard-page';
import { RevisionLinks } from '../../features/contracts/revision-links';
import { emptyWizardState, wizardStateFromContract } from '../../features/wizard/wizard-state';
import { ContractLoadError } from '../../features/contracts/contract-load-error';
import { trpc } from '../../lib/trpc';

export const Route = createFileRoute('/_authed/wizard')({
  validateSearch: (search: Record<string, unknown>): { id?: number } => ({
    id: optionalId(search.id),
  }),
  component: WizardRoute,
});

function WizardRoute() {
  const { id } = Route.useSearch();
  const email = useCurrentUser().data?.user?.email ?? '';
  // The first save of a new contract puts its id in the URL. That is still the same wizard, on
  // the same step with the same signature: it keeps its key, so React keeps its state. Opening
  // New again (no id) starts a fresh one.
  const [createdHere, setCreatedHere] = useState<number | undefined>(undefined);
  const [generation, setGeneration] = useState(0);
  const [shownId, setShownId] = useState(id);
  if (id !== shownId) {
    setShownId(id);
    if (id === undefined) setGeneration((value) => value + 1);
  }
  const contract = useQuery({
    ...trpc.contracts.get.queryOptions({ id: id ?? 0 }),
    enabled: id !== undefined && id !== createdHere,
  });
  // Issue 36: whether the first stage may be collected online at signing. Known before the
  // wizard starts, so what it saves never depends on an answer still on its way; a failed read
  // counts as not connected (no switch, nothing collected).
  const paymentSettings = useQuery(trpc.payments.settings.queryOptions());
  const stripeConnected = paymentSettings.data?.connected ?? false;
  const payments = useMemo(() => ({ stripeConnected }), [stripeConnected]);
  if (paymentSettings.isPending) return <PageLoading />;

  if (id === undefined || id === createdHere) {
    const local = id === undefined ? loadLocalDraft(email, undefined) : null;
    return (
      <WizardPage
        key={`new-${generation}`}
        email={email}
        contractId={undefined}
        initial={local ?? emptyWizardState()}
        saved={null}
        payments={payments}
        onCreated={(createdId) => {
          // Committed before the id reaches the URL, so that render already keeps this wizard.
          flushSync(() => setCreatedHere(createdId));
        }}
      />
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
        initial={loadLocalDraft(email, id) ?? saved}
        saved={saved}
        payments={payments}
      />
    </>
  );
}
