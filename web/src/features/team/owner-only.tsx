import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { trpc } from '../../lib/trpc';
import { useCurrentUser } from '../auth/use-current-user';
import { nameOf } from './team-shared';

/**
 * A screen only an owner may use (issue 35, docs/decisions/045): a member sees who can do it
 * instead, in the server's own words, rather than a form every save of which would be refused.
 */
export function OwnerOnly({ action, children }: { action: string; children: ReactNode }) {
  const role = useCurrentUser().data?.user?.role;
  const team = useQuery({ ...trpc.team.get.queryOptions(), enabled: role === 'member' });
  if (role !== 'member') return children;
  const owners = team.data?.members.filter((person) => person.role === 'owner').map(nameOf);
  return (
    <Alert icon={<IconLock size={20} aria-hidden />} title="For owners" color="gray">
      Only an owner can {action}. Ask {owners?.length ? owners.join(' or ') : 'an owner'}.
    </Alert>
  );
}
