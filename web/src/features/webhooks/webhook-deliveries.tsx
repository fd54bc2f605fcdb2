import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WebhookDeliverySummary } from '@domain/webhooks.schemas';
import { formatUtcDateTime } from '@domain/dates';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { WEBHOOK_EVENT_LABELS } from './webhook-events';

const stillGoing = (delivery: WebhookDeliverySummary) =>
  delivery.status === 'pending' || delivery.status === 'delivering';

function statusBadge(delivery: WebhookDeliverySummary) {
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

/** What happened to one delivery, in a line: the answer, the tries, and what comes next. */
function outcome(delivery: WebhookDeliverySummary): string {
  const tries = `${delivery.attempts} ${delivery.attempts === 1 ? 'attempt' : 'attempts'}`;
  const answer =
    delivery.last_status_code !== null
      ? `HTTP ${delivery.last_status_code}`
      : (delivery.last_error ?? 'No answer yet');
  const next =
    delivery.status === 'succeeded' && delivery.delivered_at
      ? `delivered ${formatUtcDateTime(delivery.delivered_at)}`
      : delivery.next_attempt_at && stillGoing(delivery)
        ? `next try ${formatUtcDateTime(delivery.next_attempt_at)}`
        : null;
  return [answer, tries, next].filter(Boolean).join(' · ');
}

/**
 * An endpoint's last deliveries, newest first, refreshed every few seconds while one is still
 * on its way; each can be sent again.
 */
export function WebhookDeliveries({ endpointId }: { endpointId: number }) {
  const queryClient = useQueryClient();
  const options = trpc.webhooks.deliveries.queryOptions({ id: endpointId });
  const deliveries = useQuery({
    ...options,
    refetchInterval: (query) => (query.state.data?.some(stillGoing) ? 5_000 : false),
  });
  const redeliver = useMutation(
    trpc.webhooks.redeliver.mutationOptions({
      onSuccess: () => {
        showToast({ title: 'Queued again', message: 'It is being sent to your endpoint now' });
        void queryClient.invalidateQueries({ queryKey: options.queryKey });
      },
      onError: (error) =>
        showToast({
          title: 'Not queued',
          message: errorMessage(error, 'Please try again'),
          error: true,
        }),
    }),
  );

  if (deliveries.isPending) return <Text c="dimmed">Loading deliveries…</Text>;
  if (deliveries.isError) {
    return <Text c="red">{errorMessage(deliveries.error, 'Could not load the deliveries')}</Text>;
  }
  if (deliveries.data.length === 0) {
    return <Text c="dimmed">No deliveries yet. Events are sent as your contracts move.</Text>;
  }
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {deliveries.data.map((delivery) => (
        <li key={delivery.id}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={0}>
              <Group gap="xs">
                {statusBadge(delivery)}
                <Text size="sm" fw={600}>
                  {WEBHOOK_EVENT_LABELS[delivery.event_type]}
                </Text>
              </Group>
              <Text size="sm" c="dimmed">
                {delivery.event_type} · {formatUtcDateTime(delivery.created_at)}
              </Text>
              <Text size="sm">{outcome(delivery)}</Text>
            </Stack>
            <Button
              size="compact-sm"
              variant="light"
              disabled={delivery.status === 'delivering'}
              loading={redeliver.isPending && redeliver.variables.delivery_id === delivery.id}
              onClick={() => redeliver.mutate({ id: endpointId, delivery_id: delivery.id })}
              aria-label={`Redeliver ${delivery.event_type} of ${formatUtcDateTime(delivery.created_at)}`}
            >
              Redeliver
            </Button>
          </Group>
        </li>
      ))}
    </Stack>
  );
}
