import { Alert, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useOnline } from '../../lib/connection';
import classes from '../contracts/contract-card.module.css';
import type { OutboxEntry } from './outbox';
import { useOutboxEntries } from './use-outbox';

/**
 * The contracts list without a connection says so, and lists first the drafts saved on this phone
 * that the account has not received yet (issue 40), each marked and opened from here.
 */
export function OfflineNotices({ email }: { email: string | undefined }) {
  const online = useOnline();
  const entries = useOutboxEntries(email);
  return (
    <>
      {!online && (
        <Alert color="yellow" icon={<IconCloudOff size={18} aria-hidden />} role="status">
          Offline: showing what this phone last saw
        </Alert>
      )}
      {entries.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="unsynced-drafts">
          <Title order={2} size="h4" id="unsynced-drafts">
            On this phone ({entries.length})
          </Title>
          {entries.map((entry) => (
            <UnsyncedDraftCard key={entry.key} entry={entry} />
          ))}
        </Stack>
      )}
    </>
  );
}

function UnsyncedDraftCard({ entry }: { entry: OutboxEntry }) {
  const name = entry.title || 'New contract';
  const search: { id?: number; local?: string } = entry.contractId
    ? { id: entry.contractId }
    : { local: entry.clientDraftId ?? undefined };
  return (
    <Link
      to="/wizard"
      search={search}
      aria-label={`${name}, ${markOf(entry)}`}
      className={classes.cardLink}
    >
      <Card withBorder padding="sm" radius="md">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {entry.contractId ? `Contract #${entry.contractId} · ${name}` : name}
            </Text>
            {entry.problem && (
              <Text size="sm" c="red">
                {entry.problem}
              </Text>
            )}
          </div>
          <Badge color={entry.status === 'waiting' ? 'gray' : 'red'} variant="light">
            {markOf(entry)}
          </Badge>
        </Group>
      </Card>
    </Link>
  );
}

function markOf(entry: OutboxEntry): string {
  if (entry.status === 'conflict') return 'Changed elsewhere';
  if (entry.status === 'refused') return 'Not saved';
  return 'Not synced yet';
}
