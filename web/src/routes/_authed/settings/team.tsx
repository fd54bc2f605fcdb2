import { Paper, Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { Suspense } from 'react';
import { PageHeader } from '../../../components/page-header';
import { PageLoading } from '../../../components/page-loading';
import { SettingsNav } from '../../../components/settings-nav';
import { TeamPanel } from '../../../features/team/team-panel';

export const Route = createFileRoute('/_authed/settings/team')({
  component: TeamSettingsPage,
});

function TeamSettingsPage() {
  return (
    <Stack gap="lg">
      <SettingsNav />
      <PageHeader title="Team" subtitle="The people of your company, and who is invited to join" />
      <Paper withBorder p="lg">
        <Suspense fallback={<PageLoading />}>
          <TeamPanel />
        </Suspense>
      </Paper>
    </Stack>
  );
}
