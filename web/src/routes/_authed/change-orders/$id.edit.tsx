import { Alert, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { AnchorLink } from '../../../components/anchor-link';
import { PageLoading } from '../../../components/page-loading';
import { ExecutedCopyPanel } from '../../../features/documents/executed-copy-panel';
import { ChangeOrderEditor } from '../../../features/change-orders/change-order-editor';
import { ChangeOrderPreview } from '../../../features/change-orders/change-order-preview';
import { changeOrderStatusText } from '../../../features/change-orders/change-order-words';
import { errorMessage } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';

// Issue 38: a change order's draft, edited; a sent one is shown as it was sent.
export const Route = createFileRoute('/_authed/change-orders/$id/edit')({
  params: {
    parse: ({ id }) => ({ id: Number(id) }),
    stringify: ({ id }) => ({ id: String(id) }),
  },
  component: EditChangeOrderPage,
});

function EditChangeOrderPage() {
  const { id } = Route.useParams();
  const order = useQuery(trpc.changeOrders.get.queryOptions({ id }));
  if (order.isError) {
    return (
      <Alert color="red" title="The change order could not be loaded" role="alert">
        {errorMessage(order.error, 'Please try again')}
      </Alert>
    );
  }
  if (!order.data) return <PageLoading />;
  if (order.data.status !== 'draft') {
    return (
      <Stack gap="lg">
        <AnchorLink to="/contracts/$id" params={{ id: order.data.contract_id }}>
          Back to Contract #{order.data.contract_id}
        </AnchorLink>
        <Alert
          title={`Change Order ${order.data.number} · ${changeOrderStatusText(order.data.status)}`}
        >
          A sent change order cannot be changed.
        </Alert>
        {order.data.status === 'completed' && <ExecutedCopyPanel contractId={order.data.id} />}
        <ChangeOrderPreview order={order.data} />
      </Stack>
    );
  }
  return <ChangeOrderEditor key={id} contractId={order.data.contract_id} saved={order.data} />;
}
