import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { formatDateTime } from '@domain/dates';
import type { SessionSummary } from '@domain/sessions.schemas';
import { PageLoading } from '../../components/page-loading';
import { settingsRowStyle } from '../../components/shown-once-secret';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useCompanyTimeZone } from '../prefs/use-company-time-zone';

/** Before the company sets its zone: the browser's clock, as the security log does. */
const browserClock = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Settings → Security → Signed-in devices: each session with its device, address and times,
 * this device marked (it signs out with Log Out), a "Sign out" for each other one, and one for
 * all of them. A device signed out here is refused at its next request.
 */
export function SignedInDevicesSection() {
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="devices-heading">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="devices-heading">
            Signed-in devices
          </Title>
          <Text size="sm" c="dimmed">
            Where your account is signed in now. One you do not recognise? Sign it out, then change
            your password.
          </Text>
        </div>
        <Suspense fallback={<PageLoading />}>
          <DeviceList />
        </Suspense>
      </Stack>
    </Paper>
  );
}

function DeviceList() {
  const queryClient = useQueryClient();
  const timeZone = useCompanyTimeZone();
  const { data: sessions } = useSuspenseQuery(trpc.auth.sessions.list.queryOptions());
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.auth.sessions.list.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.auth.securityLog.pathKey() });
  };
  const failed = (error: unknown) =>
    showToast({
      title: 'Not signed out',
      message: errorMessage(error, 'Please try again'),
      error: true,
    });
  const revoke = useMutation(
    trpc.auth.sessions.revoke.mutationOptions({
      onSuccess: () => {
        showToast({ title: 'Signed out', message: 'That device must sign in again.' });
        refresh();
      },
      onError: (error) => {
        failed(error);
        refresh();
      },
    }),
  );
  const revokeOthers = useMutation(
    trpc.auth.sessions.revokeOthers.mutationOptions({
      onSuccess: (answer) => {
        const count = answer.signed_out_sessions;
        showToast({
          title: 'Signed out',
          message: `${count === 1 ? '1 other device' : `${count} other devices`} must sign in again.`,
        });
        refresh();
      },
      onError: failed,
    }),
  );
  const when = (at: string) =>
    timeZone ? formatDateTime(at, timeZone) : browserClock.format(new Date(at));
  const others = sessions.filter((session) => !session.current).length;

  return (
    <Stack gap="md">
      <Stack gap="xs" component="ul" aria-labelledby="devices-heading" style={listStyle}>
        {sessions.map((session) => (
          <li key={session.id}>
            <DeviceRow
              session={session}
              when={when}
              revoking={revoke.isPending && revoke.variables.id === session.id}
              onRevoke={() => revoke.mutate({ id: session.id })}
            />
          </li>
        ))}
      </Stack>
      <Group>
        <Button
          variant="default"
          color="red"
          disabled={others === 0}
          loading={revokeOthers.isPending}
          onClick={() => revokeOthers.mutate()}
        >
          Sign out all other devices
        </Button>
      </Group>
    </Stack>
  );
}

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

function DeviceRow(props: {
  session: SessionSummary;
  when: (at: string) => string;
  revoking: boolean;
  onRevoke: () => void;
}) {
  const { session, when } = props;
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" p="sm" style={settingsRowStyle}>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Group gap="xs">
          <Text fw={600}>{session.device}</Text>
          {session.current && (
            <Badge color="green" variant="light">
              This device
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {session.address ?? 'Unknown address'} · signed in {when(session.created_at)}
        </Text>
        <Text size="sm" c="dimmed">
          {/* Use is noted hourly: the device asking is, by definition, active now. */}
          {session.current ? 'Active now' : `Last active ${when(session.last_seen_at)}`}
        </Text>
      </Stack>
      {!session.current && (
        <Button
          variant="default"
          size="compact-md"
          loading={props.revoking}
          onClick={props.onRevoke}
          aria-label={`Sign out ${session.device}${session.address ? ` at ${session.address}` : ''}`}
        >
          Sign out
        </Button>
      )}
    </Group>
  );
}
