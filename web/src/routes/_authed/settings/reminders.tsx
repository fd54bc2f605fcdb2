import { Paper, Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { Suspense } from 'react';
import { PageHeader } from '../../../components/page-header';
import { PageLoading } from '../../../components/page-loading';
import { SettingsNav } from '../../../components/settings-nav';
import { FollowUpSettingsForm } from '../../../features/prefs/follow-up-settings-form';
import { OwnerOnly } from '../../../features/team/owner-only';

export const Route = createFileRoute('/_authed/settings/reminders')({
  component: RemindersPage,
});

function RemindersPage() {
  return (
    <Stack gap="lg">
      <SettingsNav />
      <PageHeader
        title="Reminders & alerts"
        subtitle="How TradeSign follows up on contracts you send"
      />
      <OwnerOnly action="change the company settings and branding">
        <Paper withBorder p="lg">
          <Suspense fallback={<PageLoading />}>
            <FollowUpSettingsForm />
          </Suspense>
        </Paper>
      </OwnerOnly>
    </Stack>
  );
}
