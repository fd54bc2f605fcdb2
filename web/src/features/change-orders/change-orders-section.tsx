import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ChangeOrder } from '@domain/change-orders.schemas';
import type { Contract } from '@domain/contracts.schemas';
import { formatUsd } from '@domain/money';
import { ButtonLink } from '../../components/button-link';
import { PageLoading } from '../../components/page-loading';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { formatDate } from '../contracts/follow-up-format';
import { StageList } from './change-order-preview';
import {
  changeOrderStatusText,
  daysChangeText,
  netDaysText,
  priceChangeText,
} from './change-order-words';
import { DeleteChangeOrder } from './delete-change-order';
import { WithdrawChangeOrder } from './withdraw-change-order';

const STATUS_COLOR: Record<string, string> = {
  Draft: 'gray',
  'Awaiting signature': 'blue',
  Signed: 'green',
};

/**
 * A signed contract's change orders (issue 38), in order, and the contract as it stands: its
 * total (signed change orders are in it already), its time and its stages.
 */
export function ChangeOrdersSection({ contract }: { contract: Contract }) {
  const orders = useQuery(trpc.changeOrders.list.queryOptions({ contractId: contract.id }));
  const signedDays = (orders.data ?? [])
    .filter((order) => order.status === 'signed' || order.status === 'completed')
    .reduce((sum, order) => sum + (order.days_change ?? 0), 0);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="change-orders-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4" id="change-orders-title">
            Change orders
          </Title>
          <ButtonLink
            to="/contracts/$id/change-orders/new"
            params={{ id: contract.id }}
            leftSection={<IconPlus size={18} aria-hidden />}
          >
            New change order
          </ButtonLink>
        </Group>
        {orders.isError && (
          <Text c="red.8" role="alert">
            The change orders could not be loaded: {errorMessage(orders.error, 'please try again')}
          </Text>
        )}
        {orders.isPending && <PageLoading />}
        {orders.data?.length === 0 && <Text c="dimmed">No change orders yet.</Text>}
        {orders.data?.map((order) => (
          <ChangeOrderRow key={order.id} order={order} />
        ))}
        <Stack
          gap={4}
          style={{ borderTop: '1px solid var(--mantine-color-gray-3)', paddingTop: 12 }}
        >
          <Text fw={700}>Current total: {formatUsd(contract.total_price_cents)}</Text>
          {orders.data && <Text>Contract time: {netDaysText(signedDays)}</Text>}
        </Stack>
        <StageList title="Stages as they stand" stages={contract.payment_plan_json ?? []} />
      </Stack>
    </Paper>
  );
}

function ChangeOrderRow({ order }: { order: ChangeOrder }) {
  const status = changeOrderStatusText(order.status);
  const name = `Change Order ${order.number}`;
  const days = daysChangeText(order.days_change);
  const when = order.sent_at
    ? `Sent ${formatDate(order.sent_at)}`
    : `Written ${formatDate(order.created_at)}`;
  return (
    <Stack
      gap={6}
      role="group"
      aria-label={name}
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)', paddingTop: 12 }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600}>{name}</Text>
          <Badge color={STATUS_COLOR[status] ?? 'red'} variant="light" tt="none">
            {status}
          </Badge>
        </Stack>
        <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
          <Text fw={600}>{priceChangeText(order.price_change_cents)}</Text>
          {days && <Text size="sm">{days}</Text>}
        </Stack>
      </Group>
      <Text size="sm" lineClamp={2} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {order.description}
      </Text>
      <Text size="sm" c="dimmed">
        {when}
      </Text>
      <Group gap="sm">
        <ButtonLink
          variant={order.status === 'draft' ? 'light' : 'default'}
          to="/change-orders/$id/edit"
          params={{ id: order.id }}
          aria-label={`${order.status === 'draft' ? 'Edit' : 'Open'} ${name}`}
        >
          {order.status === 'draft' ? 'Edit' : 'Open'}
        </ButtonLink>
        {order.status === 'draft' && <DeleteChangeOrder order={order} />}
        {(order.status === 'sent' || order.status === 'expired') && (
          <WithdrawChangeOrder order={order} />
        )}
      </Group>
    </Stack>
  );
}
