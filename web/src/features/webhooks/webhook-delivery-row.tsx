import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { ListedWebhookDelivery } from '@domain/webhook-deliveries.schemas';
import { formatDateTime } from '@domain/dates';
import { useCompanyTimeZone } from '../prefs/use-company-time-zone';
import { AnchorLink } from '../../components/anchor-link';
import { isUnsettled } from './delivery-refresh';
import { WEBHOOK_EVENT_LABELS } from './webhook-events';

function statusBadge(delivery: ListedWebhookDelivery) {
  switch (delivery.status) {
    case 'succeeded':
      return <Badge color="green">Delivered</Badge>;
    case 'failed':
      return <Badge color="red">Failed</Badge>;
    case 'delivering':
      return <Badge color="blue">Sending</Badge>;
    case 'pending':
      return <Badge color="yellow">{delivery.attempts > 0 ? 'Retrying' : 'Waiting'}</Badge>;
  }
}

/**
 * What happened to one delivery, in a line: the answer, the tries, and what comes next, on the
 * company's clock (UTC while it has no zone).
 */
function outcome(delivery: ListedWebhookDelivery, timeZone: string | null): string {
  const tries = `${delivery.attempts} ${delivery.attempts === 1 ? 'attempt' : 'attempts'}`;
  const answer =
    delivery.last_status_code !== null
      ? `HTTP ${delivery.last_status_code}`
      : (delivery.last_error ??
        (delivery.status === 'delivering' ? 'Sending now' : 'No answer yet'));
  const next =
    delivery.status === 'succeeded' && delivery.delivered_at
      ? `delivered ${formatDateTime(delivery.delivered_at, timeZone)}`
      : delivery.next_attempt_at && isUnsettled(delivery)
        ? `next try ${formatDateTime(delivery.next_attempt_at, timeZone)}`
        : null;
  return [answer, tries, next].filter(Boolean).join(' · ');
}

/** "Contract #12 · Riley Webb", the number as every screen shows it. */
export function contractWords(delivery: ListedWebhookDelivery): string | null {
  if (delivery.contract_id === null) return null;
  const client = delivery.client_name ? ` · ${delivery.client_name}` : '';
  return `Contract #${delivery.contract_id}${client}`;
}

/** The contract an event is about: a link while it is still in the account, plain words after. */
function ContractNamed({ delivery }: { delivery: ListedWebhookDelivery }) {
  const words = contractWords(delivery);
  if (words === null || delivery.contract_id === null) return null;
  const style = { overflowWrap: 'anywhere' } as const;
  return delivery.contract_exists ? (
    <AnchorLink to="/contracts/$id" params={{ id: delivery.contract_id }} size="sm" style={style}>
      {words}
    </AnchorLink>
  ) : (
    <Text size="sm" style={style}>
      {words}
    </Text>
  );
}

/**
 * One delivery: what happened (the event in words) to which contract, when, and how the sending
 * went. The outcome line is polite live text, so a screen reader hears a redelivery settle.
 */
export function WebhookDeliveryRow(props: {
  delivery: ListedWebhookDelivery;
  redelivering: boolean;
  onRedeliver: () => void;
}) {
  const { delivery } = props;
  const contract = contractWords(delivery);
  const timeZone = useCompanyTimeZone();
  const when = formatDateTime(delivery.created_at, timeZone);
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
      <Stack gap={2} style={{ flex: '1 1 16rem', minWidth: 0 }}>
        <Group gap="xs" wrap="nowrap">
          {statusBadge(delivery)}
          <Text size="sm" fw={600}>
            {WEBHOOK_EVENT_LABELS[delivery.event_type]}
          </Text>
        </Group>
        <ContractNamed delivery={delivery} />
        <Text size="sm" c="dimmed">
          {delivery.event_type} · {when}
        </Text>
        <Text size="sm" aria-live="polite">
          {outcome(delivery, timeZone)}
        </Text>
      </Stack>
      <Button
        size="compact-sm"
        variant="light"
        disabled={delivery.status === 'delivering'}
        loading={props.redelivering}
        onClick={props.onRedeliver}
        aria-label={`Redeliver ${delivery.event_type}${contract ? ` of ${contract}` : ''}, ${when}`}
      >
        Redeliver
      </Button>
    </Group>
  );
}
