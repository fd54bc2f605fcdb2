import { Button, Code, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  createApiKeyInputSchema,
  type ApiKeySummary,
  type CreatedApiKey,
} from '@domain/api-keys.schemas';
import { formatLongDate, formatUtcDateTime } from '@domain/dates';
import { ShownOnceSecret, settingsRowStyle } from '../../components/shown-once-secret';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

/**
 * Settings → API: make a named key (shown once, with a copy button), see the keys in use with
 * their first characters and last use, revoke one. Keys act as this account over /api/*.
 */
export function ApiKeysPanel() {
  const queryClient = useQueryClient();
  const { data: keys } = useSuspenseQuery(trpc.apiKeys.list.queryOptions());
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() });
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '' },
    validate: schemaResolver(createApiKeyInputSchema, { sync: true }),
  });
  const create = useMutation(
    trpc.apiKeys.create.mutationOptions({
      onSuccess: (key) => {
        setCreated(key);
        form.reset();
        void refresh();
      },
      onError: (error) =>
        showToast({
          title: 'Key not created',
          message: errorMessage(error, 'Please try again'),
          error: true,
        }),
    }),
  );
  const revoke = useMutation(
    trpc.apiKeys.revoke.mutationOptions({
      onSuccess: (_done, { id }) => {
        if (created?.id === id) setCreated(null);
        showToast({ title: 'Key revoked', message: 'Calls with it are refused from now on' });
        void refresh();
      },
      onError: (error) =>
        showToast({
          title: 'Key not revoked',
          message: errorMessage(error, 'Please try again'),
          error: true,
        }),
    }),
  );

  return (
    <Stack gap="lg">
      <form noValidate onSubmit={form.onSubmit((values) => create.mutate(values))}>
        <Stack gap="sm">
          <TextInput
            label="Key name"
            description="The tool that will use it, so you know which key to revoke later"
            placeholder="QuickBooks sync"
            maxLength={60}
            {...form.getInputProps('name')}
          />
          <Group>
            <Button type="submit" loading={create.isPending}>
              Create key
            </Button>
          </Group>
        </Stack>
      </form>

      {created && <NewKey created={created} onDone={() => setCreated(null)} />}

      <Stack gap="xs">
        <Title order={2} size="h4">
          Keys in use ({keys.length})
        </Title>
        {keys.length === 0 ? (
          <Text c="dimmed">
            No keys yet. A key lets another tool create and send contracts as you.
          </Text>
        ) : (
          keys.map((key) => (
            <KeyRow
              key={key.id}
              apiKey={key}
              revoking={revoke.isPending && revoke.variables.id === key.id}
              onRevoke={() => revoke.mutate({ id: key.id })}
            />
          ))
        )}
      </Stack>
    </Stack>
  );
}

function NewKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  return (
    <ShownOnceSecret
      title={`Your new key “${created.name}”`}
      value={created.key}
      label="New API key"
      copyLabel="Copy key"
      onDone={onDone}
    >
      Send it as <Code>Authorization: Bearer &lt;key&gt;</Code>.
    </ShownOnceSecret>
  );
}

function KeyRow(props: { apiKey: ApiKeySummary; revoking: boolean; onRevoke: () => void }) {
  const { apiKey } = props;
  const [confirming, setConfirming] = useState(false);
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" p="sm" style={settingsRowStyle}>
      <Stack gap={2}>
        <Text fw={600}>{apiKey.name}</Text>
        <Text size="sm" c="dimmed">
          <Code>{apiKey.prefix}…</Code> · created {formatLongDate(apiKey.created_at)} by{' '}
          {apiKey.created_by.name}
        </Text>
        <Text size="sm" c="dimmed">
          {apiKey.last_used_at
            ? `Last used ${formatUtcDateTime(apiKey.last_used_at)}`
            : 'Never used'}
        </Text>
      </Stack>
      {confirming ? (
        <Group gap="xs">
          <Button
            color="red"
            size="compact-md"
            loading={props.revoking}
            onClick={props.onRevoke}
            aria-label={`Revoke ${apiKey.name} now`}
          >
            Revoke now
          </Button>
          <Button size="compact-md" variant="default" onClick={() => setConfirming(false)}>
            Keep
          </Button>
        </Group>
      ) : (
        <Button
          color="red"
          variant="light"
          size="compact-md"
          onClick={() => setConfirming(true)}
          aria-label={`Revoke ${apiKey.name}`}
        >
          Revoke
        </Button>
      )}
    </Group>
  );
}
