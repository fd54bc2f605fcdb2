import { Alert, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ChangeOrder } from '@domain/change-orders.schemas';
import { formatUsd } from '@domain/money';
import type { PaymentStage } from '@domain/payment-plan';
import { netDaysText, priceChangeText } from './change-order-words';

/**
 * The preview of a saved change order, from the server's answer (docs/decisions/049): the lines
 * of AIA G701, the contract time before and after, and the stages before and after, side by side
 * on a wide screen and stacked on a phone.
 */
export function ChangeOrderPreview({ order, stale }: { order: ChangeOrder; stale?: boolean }) {
  const lines: [string, string][] = [
    ['Original contract sum', formatUsd(order.original_sum_cents)],
    ['Net change by earlier change orders', priceChangeText(order.earlier_changes_cents)],
    ['Contract sum before this change order', formatUsd(order.sum_before_cents)],
    ['This change order', priceChangeText(order.price_change_cents)],
    ['New contract sum', formatUsd(order.sum_after_cents)],
  ];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="change-order-preview-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="change-order-preview-title">
          Change Order {order.number}: preview
        </Title>
        {stale && (
          <Text size="sm" c="dimmed">
            This is the draft as last saved. Save Draft to see your changes here.
          </Text>
        )}
        {order.problem && (
          <Alert color="red" title="This change order cannot be sent as it stands" role="alert">
            {order.problem}
          </Alert>
        )}
        <Table aria-label="Contract sum" layout="fixed">
          <Table.Tbody>
            {lines.map(([label, value], index) => (
              <Table.Tr key={label} fw={index === lines.length - 1 ? 700 : undefined}>
                <Table.Th scope="row" fw="inherit">
                  {label}
                </Table.Th>
                <Table.Td ta="right">{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group gap="xl">
          <Text>
            Contract time before: <b>{netDaysText(order.days_before)}</b>
          </Text>
          <Text>
            After: <b>{netDaysText(order.days_after)}</b>
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <StageList title="Stages before" stages={order.stages_before} />
          <StageList title="Stages after" stages={order.stages_after} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** A list of payment stages with their amounts: the contract's, as they stand or would stand. */
export function StageList({ title, stages }: { title: string; stages: readonly PaymentStage[] }) {
  return (
    <Stack gap={4} role="group" aria-label={title}>
      <Text fw={700}>{title}</Text>
      {stages.length === 0 && <Text c="dimmed">No payment plan.</Text>}
      {stages.map((stage, index) => (
        <Group key={index} justify="space-between" wrap="nowrap" gap="sm">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text style={{ overflowWrap: 'anywhere' }}>{stage.label}</Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {stage.trigger}
            </Text>
          </Stack>
          <Text fw={600} style={{ flexShrink: 0 }}>
            {formatUsd(stage.amount_cents)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
