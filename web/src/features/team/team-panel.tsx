import { Badge, Button, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useSuspenseQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { emailSchema } from '@domain/auth.schemas';
import { formatLongDate, formatUtcDateTime } from '@domain/dates';
import { settingsRowStyle } from '../../components/shown-once-secret';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useCurrentUser } from '../auth/use-current-user';
import { MemberRow } from './member-row';
import { MyNameForm } from './my-name-form';
import { nameOf, ROLE_OPTIONS, useTeamRefresh, type TeamInvite } from './team-shared';

const inviteFormSchema = z.object({ email: emailSchema, role: z.enum(['owner', 'member']) });

/**
 * Settings → Team: the company's people and pending invitations. An owner invites, cancels,
 * changes roles and removes; a member sees the list and who can change it.
 */
export function TeamPanel() {
  const { data: team } = useSuspenseQuery(trpc.team.get.queryOptions());
  const myEmail = useCurrentUser().data?.user?.email;
  const me = team.members.find((person) => person.email === myEmail);
  const owners = team.members.filter((person) => person.role === 'owner').map(nameOf);
  const isOwner = me?.role === 'owner';
  return (
    <Stack gap="lg">
      <MyNameForm name={me?.name ?? null} />
      {isOwner ? (
        <InviteForm />
      ) : (
        <Text>Only an owner can manage the team. Ask {owners.join(' or ') || 'an owner'}.</Text>
      )}
      {team.invites.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="invites-heading">
          <Title order={2} size="h4" id="invites-heading">
            Waiting to join ({team.invites.length})
          </Title>
          {team.invites.map((invite) => (
            <InviteRow key={invite.id} invite={invite} canCancel={isOwner} />
          ))}
        </Stack>
      )}
      <Stack gap="xs" component="section" aria-labelledby="people-heading">
        <Title order={2} size="h4" id="people-heading">
          People ({team.members.length})
        </Title>
        {team.members.map((person) => (
          <MemberRow
            key={person.id}
            person={person}
            isMe={person.email === myEmail}
            canManage={isOwner}
          />
        ))}
      </Stack>
    </Stack>
  );
}

function InviteForm() {
  const refresh = useTeamRefresh();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', role: 'member' as 'owner' | 'member' },
    validate: schemaResolver(inviteFormSchema, { sync: true }),
  });
  const invite = useMutation(
    trpc.team.invite.mutationOptions({
      onSuccess: (sent) => {
        showToast({ title: 'Invitation sent', message: `${sent.email} has 7 days to join` });
        form.reset();
        void refresh();
      },
      onError: (error) =>
        showToast({
          title: 'Invitation not sent',
          message: errorMessage(error, 'Please try again'),
          error: true,
        }),
    }),
  );
  return (
    <form noValidate onSubmit={form.onSubmit((values) => invite.mutate(values))}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Invite someone
        </Title>
        <TextInput
          label="Email"
          type="email"
          autoComplete="off"
          placeholder="sam@example.com"
          {...form.getInputProps('email')}
        />
        <NativeSelect label="Role" data={ROLE_OPTIONS} {...form.getInputProps('role')} />
        <Group>
          <Button type="submit" loading={invite.isPending}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function InviteRow({ invite, canCancel }: { invite: TeamInvite; canCancel: boolean }) {
  const refresh = useTeamRefresh();
  const cancel = useMutation(
    trpc.team.cancelInvite.mutationOptions({
      onSuccess: () => {
        showToast({ title: 'Invitation canceled', message: 'Its link no longer works' });
        void refresh();
      },
      onError: (error) =>
        showToast({
          title: 'Invitation not canceled',
          message: errorMessage(error, 'Please try again'),
          error: true,
        }),
    }),
  );
  // Inviting the same email again mails a new link and cancels the old (the server's rule).
  const resend = useMutation(
    trpc.team.invite.mutationOptions({
      onSuccess: () => {
        showToast({
          title: 'Invitation sent again',
          message: `A new link went to ${invite.email}; the earlier one no longer works`,
        });
        void refresh();
      },
      onError: (error) =>
        showToast({
          title: 'Invitation not sent',
          message: errorMessage(error, 'Please try again'),
          error: true,
        }),
    }),
  );
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" p="sm" style={settingsRowStyle}>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {invite.email}
        </Text>
        <Text size="sm" c="dimmed">
          <Badge size="sm" variant="light" color="gray">
            {invite.role}
          </Badge>{' '}
          invited by {invite.invited_by} · link works until {formatUtcDateTime(invite.expires_at)}
        </Text>
        <Text size="xs" c="dimmed">
          Sent {formatLongDate(invite.created_at)}
        </Text>
      </Stack>
      {canCancel && (
        <Group gap="xs" wrap="nowrap">
          <Button
            variant="default"
            size="compact-md"
            loading={resend.isPending}
            onClick={() => resend.mutate({ email: invite.email, role: invite.role })}
            aria-label={`Send the invitation to ${invite.email} again`}
          >
            Resend
          </Button>
          <Button
            variant="light"
            color="red"
            size="compact-md"
            loading={cancel.isPending}
            onClick={() => cancel.mutate({ id: invite.id })}
            aria-label={`Cancel the invitation to ${invite.email}`}
          >
            Cancel
          </Button>
        </Group>
      )}
    </Group>
  );
}
