import { Badge, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { formatUtcDateTime } from '@domain/dates';
import { settingsRowStyle } from '../../components/shown-once-secret';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { nameOf, ROLE_OPTIONS, useTeamRefresh, type TeamMember } from './team-shared';

/** One person of the team: an owner changes their role or removes them (after a confirm). */
export function MemberRow(props: { person: TeamMember; isMe: boolean; canManage: boolean }) {
  const { person, isMe, canManage } = props;
  const name = nameOf(person);
  const refresh = useTeamRefresh();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const failed = (title: string) => (error: unknown) =>
    showToast({ title, message: errorMessage(error, 'Please try again'), error: true });
  const changeRole = useMutation(
    trpc.team.changeRole.mutationOptions({
      onSuccess: (_done, { role }) => {
        showToast({
          title: 'Role changed',
          message: `${name} is now ${role === 'owner' ? 'an owner' : 'a member'}`,
        });
        void refresh();
      },
      onError: (error) => {
        failed('Role not changed')(error);
        void refresh();
      },
    }),
  );
  const remove = useMutation(
    trpc.team.remove.mutationOptions({
      onSuccess: async () => {
        showToast({
          title: `${name} removed`,
          message: 'They were signed out everywhere, and the API keys they made were revoked',
        });
        // Leaving one's own company signs this browser out too.
        if (isMe) await navigate({ to: '/login' });
        else void refresh();
      },
      onError: failed('Not removed'),
    }),
  );
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" p="sm" style={settingsRowStyle}>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {name}
          {isMe && ' (you)'}
        </Text>
        {person.name && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {person.email}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {!canManage && (
            <>
              <Badge size="sm" variant="light" color="gray">
                {person.role}
              </Badge>{' '}
            </>
          )}
          {person.last_seen_at
            ? `Last seen ${formatUtcDateTime(person.last_seen_at)}`
            : 'Not seen yet'}
        </Text>
      </Stack>
      {canManage && (
        <Group gap="xs" wrap="wrap">
          <NativeSelect
            aria-label={`Role of ${name}`}
            size="sm"
            data={ROLE_OPTIONS.map((option) => ({
              ...option,
              label: option.value === 'owner' ? 'Owner' : 'Member',
            }))}
            value={person.role}
            disabled={changeRole.isPending}
            onChange={(event) => {
              const role = event.currentTarget.value === 'owner' ? 'owner' : 'member';
              changeRole.mutate({ id: person.id, role });
            }}
          />
          {confirming ? (
            <>
              <Button
                color="red"
                size="compact-md"
                loading={remove.isPending}
                onClick={() => remove.mutate({ id: person.id })}
                aria-label={`Remove ${name} now`}
              >
                Remove now
              </Button>
              <Button size="compact-md" variant="default" onClick={() => setConfirming(false)}>
                Keep
              </Button>
            </>
          ) : (
            <Button
              color="red"
              variant="light"
              size="compact-md"
              onClick={() => setConfirming(true)}
              aria-label={`Remove ${name}`}
            >
              Remove
            </Button>
          )}
        </Group>
      )}
    </Group>
  );
}
