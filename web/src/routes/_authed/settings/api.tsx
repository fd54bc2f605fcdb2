import { Paper, Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { Suspense } from 'react';
import { PageHeader } from '../../../components/page-header';
import { PageLoading } from '../../../components/page-loading';
import { SettingsNav } from '../../../components/settings-nav';
import { ApiKeysPanel } from '../../../features/api-keys/api-keys-panel';

export const Route = createFileRoute('/_authed/settings/api')({
  component: ApiSettingsPage,
});

function ApiSettingsPage() {
  return (
    <Stack gap="lg">
      <SettingsNav />
      <PageHeader title="API" subtitle="Keys that let your other tools work with your contracts" />
      <Paper withBorder p="lg">
        <Suspense fallback={<PageLoading />}>
          <ApiKeysPanel />
        </Suspense>
      </Paper>
    </Stack>
  );
}
