import { useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../src/app/app-router';
import { trpc } from '../../lib/trpc';

export type Team = inferRouterOutputs<AppRouter>['team']['get'];
export type TeamMember = Team['members'][number];
export type TeamInvite = Team['invites'][number];

export const ROLE_OPTIONS = [
  { value: 'member', label: 'Member: writes and sends contracts' },
  { value: 'owner', label: 'Owner: also manages the team and settings' },
];

/** A person's name for the list: their name, or their email until they give one. */
export const nameOf = (person: { name: string | null; email: string }) =>
  person.name?.trim() || person.email;

/** Reads the team again after a change. */
export function useTeamRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.team.get.queryKey() });
}
