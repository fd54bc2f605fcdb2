import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { PageLoading } from '../../../components/page-loading';
import { ChangeOrderEditor } from '../../../features/change-orders/change-order-editor';
import { ContractLoadError } from '../../../features/contracts/contract-load-error';
import { trpc } from '../../../lib/trpc';

// Issue 38: a new change order to a signed contract (docs/decisions/049).
export const Route = createFileRoute('/_authed/contracts/$id_/change-orders/new')({
  params: {
    parse: ({ id }) => ({ id: Number(id) }),
    stringify: ({ id }) => ({ id: String(id) }),
  },
  component: NewChangeOrderPage,
});

function NewChangeOrderPage() {
  const { id } = Route.useParams();
  const contract = useQuery(trpc.contracts.get.queryOptions({ id }));
  if (contract.isError) return <ContractLoadError error={contract.error} />;
  if (!contract.data) return <PageLoading />;
  if (contract.data.status !== 'signed' && contract.data.status !== 'completed') {
    return (
      <Alert title={`Contract #${id} is not signed`}>
        Only a signed contract takes change orders.
      </Alert>
    );
  }
  return <ChangeOrderEditor contractId={id} saved={null} />;
}
