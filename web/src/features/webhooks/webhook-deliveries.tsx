import { Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListedWebhookDelivery } from '@domain/webhook-deliveries.schemas';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { isUnsettled, nextLookInMs, withDelivery } from './delivery-refresh';
import { WebhookDeliveryRow } from './webhook-delivery-row';

interface ListQuery {
  state: { data?: ListedWebhookDelivery[] | undefined };
}

/** A line between rows: on a phone each row's button wraps under it, and must read as its own. */
const rowDivider = {
  borderTop: '1px solid var(--mantine-color-default-border)',
  paddingTop: 'var(--mantine-spacing-sm)',
};

/** When the list asks again: read at each answer, so it follows the rows as they settle. */
const lookAgainIn = (query: ListQuery) => nextLookInMs(query.state.data, Date.now());
/** The app never refetches on focus; a row still on its way is worth a look on coming back. */
const lookOnFocus = (query: ListQuery) => query.state.data?.some(isUnsettled) ?? false;

/**
 * An endpoint's last deliveries, newest first, each naming its event and contract; each can be
 * sent again. While one is unsettled the list asks again on its own (delivery-refresh.ts), so a
 * redelivered row goes from Waiting to Delivered without a reload; it stops asking once all
 * have settled, and when the list is closed (unmounted).
 */
export function WebhookDeliveries({ endpointId }: { endpointId: number }) {
  const queryClient = useQueryClient();
  const options = trpc.webhooks.deliveries.queryOptions({ id: endpointId });
  const deliveries = useQuery({
    ...options,
    refetchInterval: lookAgainIn,
    refetchOnWindowFocus: lookOnFocus,
  });
  const redeliver = useMutation(
    trpc.webhooks.redeliver.mutationOptions({
      onSuccess: (answered) => {
        // The answer is the row as it now stands: shown at once, then kept fresh by the polling.
        queryClient.setQueryData(options.queryKey, (rows) => withDelivery(rows, answered));
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
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {deliveries.data.map((delivery, index) => (
        <li key={delivery.id} style={index === 0 ? undefined : rowDivider}>
          <WebhookDeliveryRow
            delivery={delivery}
            redelivering={redeliver.isPending && redeliver.variables.delivery_id === delivery.id}
            onRedeliver={() => redeliver.mutate({ id: endpointId, delivery_id: delivery.id })}
          />
        </li>
      ))}
    </Stack>
  );
}
