import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { optionalId } from '../../lib/search-params';
import { PageLoading } from '../../components/page-loading';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { loadLocalDraft } from '../../features/wizard/local-draft';
import { WizardPage } from '../../features/wizard/wizard-page';
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
  const contract = useQuery({
    ...trpc.contracts.get.queryOptions({ id: id ?? 0 }),
    enabled: id !== undefined,
  });

  if (id === undefined) {
    const local = loadLocalDraft(email, undefined);
    return (
      <WizardPage
        key="new"
        email={email}
        contractId={undefined}
        initial={local ?? emptyWizardState()}
        saved={null}
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
    <WizardPage
      key={id}
      email={email}
      contractId={id}
      initial={loadLocalDraft(email, id) ?? saved}
      saved={saved}
    />
  );
}
