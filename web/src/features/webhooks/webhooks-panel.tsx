import { Code, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatUtcDateTime } from '@domain/dates';
import { ShownOnceSecret } from '../../components/shown-once-secret';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { WebhookEndpointCard } from './webhook-endpoint-card';
import { WebhookForm } from './webhook-form';

interface ShownSecret {
  title: string;
  secret: string;
  note: string;
}

const failed = (title: string) => (error: unknown) =>
  showToast({ title, message: errorMessage(error, 'Please try again'), error: true });

/**
 * Settings → API, webhooks: register a receiver for chosen contract events, see its secret once,
 * follow its deliveries, rotate its secret, delete it (issue 19, docs/decisions/025).
 */
export function WebhooksPanel() {
  const queryClient = useQueryClient();
  const { data: endpoints } = useSuspenseQuery(trpc.webhooks.list.queryOptions());
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() });

  const create = useMutation(
    trpc.webhooks.create.mutationOptions({ onError: failed('Not added') }),
  );
  const rotate = useMutation(
    trpc.webhooks.rotateSecret.mutationOptions({
      onSuccess: (rotated) => {
        setShown({
          title: 'New signing secret',
          secret: rotated.secret,
          note: `Requests carry signatures by both the new and the previous secret until ${formatUtcDateTime(rotated.previous_secret_expires_at)}; switch your receiver before then.`,
        });
      },
      onError: failed('Secret not rotated'),
    }),
  );
  const remove = useMutation(
    trpc.webhooks.delete.mutationOptions({
      onSuccess: () => {
        showToast({ title: 'Endpoint deleted', message: 'Nothing more is sent to it' });
        void refresh();
      },
      onError: failed('Not deleted'),
    }),
  );
  const busyWith = (id: number) =>
    rotate.isPending && rotate.variables.id === id
      ? 'rotate'
      : remove.isPending && remove.variables.id === id
        ? 'delete'
        : null;

  return (
    <Stack gap="lg">
      <Text size="sm">
        Your tools hear about a contract the moment it moves. Each request is signed with the
        endpoint&apos;s secret as the Standard Webhooks spec says: check{' '}
        <Code>webhook-signature</Code> before trusting it. A receiver that fails is retried for
        about 3 days; one that answers <Code>410</Code> is stopped.
      </Text>
      <WebhookForm
        saving={create.isPending}
        onSave={(input, done) =>
          create.mutate(input, {
            onSuccess: (created) => {
              setShown({
                title: `Signing secret for ${created.url}`,
                secret: created.secret,
                note: 'Your receiver verifies each request with it.',
              });
              done();
              void refresh();
            },
          })
        }
      />
      {shown && (
        <ShownOnceSecret
          title={shown.title}
          value={shown.secret}
          label="Webhook signing secret"
          copyLabel="Copy secret"
          onDone={() => setShown(null)}
        >
          {shown.note}
        </ShownOnceSecret>
      )}
      <Stack gap="xs">
        <Title order={3} size="h4">
          Endpoints ({endpoints.length})
        </Title>
        {endpoints.length === 0 ? (
          <Text c="dimmed">No endpoints yet.</Text>
        ) : (
          endpoints.map((endpoint) => (
            <WebhookEndpointCard
              key={endpoint.id}
              endpoint={endpoint}
              busy={busyWith(endpoint.id)}
              onRotate={() => rotate.mutate({ id: endpoint.id })}
              onDelete={() => remove.mutate({ id: endpoint.id })}
            />
          ))
        )}
      </Stack>
    </Stack>
  );
}
