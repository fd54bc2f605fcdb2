import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { WebhookEndpointSummary } from '@domain/webhooks.schemas';
import { formatLongDate, formatUtcDateTime } from '@domain/dates';
import { settingsRowStyle } from '../../components/shown-once-secret';
import { WebhookDeliveries } from './webhook-deliveries';

type Confirming = 'rotate' | 'delete' | null;

/** One registered endpoint: its address and events, its deliveries, and what can be done to it. */
export function WebhookEndpointCard(props: {
  endpoint: WebhookEndpointSummary;
  busy: 'rotate' | 'delete' | null;
  onRotate: () => void;
  onDelete: () => void;
}) {
  const { endpoint } = props;
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [showDeliveries, setShowDeliveries] = useState(false);
  const deliveriesId = `webhook-${endpoint.id}-deliveries`;
  return (
    <Stack gap="xs" p="sm" style={settingsRowStyle}>
      <Text fw={600} style={{ wordBreak: 'break-all' }}>
        {endpoint.url}
      </Text>
      <Group gap={4}>
        {endpoint.events.map((type) => (
          <Badge key={type} variant="light" size="sm" tt="none">
            {type}
          </Badge>
        ))}
      </Group>
      <Text size="sm" c="dimmed">
        Added {formatLongDate(endpoint.created_at)}
        {endpoint.created_by_key
          ? ` by the key “${endpoint.created_by_key}”: revoking the key stops it`
          : ''}
      </Text>
      {endpoint.disabled_at && (
        <Alert color="red" title="Stopped" p="xs">
          Nothing is sent here since {formatUtcDateTime(endpoint.disabled_at)}
          {endpoint.disabled_reason ? `: ${endpoint.disabled_reason}` : ''}. Delete it and add the
          address again to start over.
        </Alert>
      )}
      {confirming ? (
        <Group gap="xs">
          <Text size="sm">
            {confirming === 'rotate'
              ? 'A new secret; the current one keeps working for 24 hours.'
              : 'Delete this endpoint? Nothing more is sent to it.'}
          </Text>
          <Button
            color={confirming === 'delete' ? 'red' : undefined}
            size="compact-md"
            loading={props.busy === confirming}
            onClick={() => {
              (confirming === 'rotate' ? props.onRotate : props.onDelete)();
              setConfirming(null);
            }}
          >
            {confirming === 'rotate' ? 'Rotate now' : 'Delete now'}
          </Button>
          <Button size="compact-md" variant="default" onClick={() => setConfirming(null)}>
            Cancel
          </Button>
        </Group>
      ) : (
        <Group gap="xs">
          <Button
            size="compact-md"
            variant="light"
            aria-expanded={showDeliveries}
            aria-controls={deliveriesId}
            onClick={() => setShowDeliveries((shown) => !shown)}
          >
            {showDeliveries ? 'Hide deliveries' : 'Deliveries'}
          </Button>
          {!endpoint.disabled_at && (
            <Button size="compact-md" variant="default" onClick={() => setConfirming('rotate')}>
              Rotate secret
            </Button>
          )}
          <Button
            size="compact-md"
            color="red"
            variant="light"
            onClick={() => setConfirming('delete')}
            aria-label={`Delete ${endpoint.url}`}
          >
            Delete
          </Button>
        </Group>
      )}
      <div id={deliveriesId}>
        {showDeliveries && <WebhookDeliveries endpointId={endpoint.id} />}
      </div>
    </Stack>
  );
}
