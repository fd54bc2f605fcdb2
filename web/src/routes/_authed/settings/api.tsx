import { Anchor, Code, Paper, Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { Suspense } from 'react';
import { PageHeader } from '../../../components/page-header';
import { PageLoading } from '../../../components/page-loading';
import { SettingsNav } from '../../../components/settings-nav';
import { ApiKeysPanel } from '../../../features/api-keys/api-keys-panel';
import { OwnerOnly } from '../../../features/team/owner-only';
import { WebhooksPanel } from '../../../features/webhooks/webhooks-panel';

export const Route = createFileRoute('/_authed/settings/api')({
  component: ApiSettingsPage,
});

function ApiSettingsPage() {
  return (
    <Stack gap="lg">
      <SettingsNav />
      <PageHeader
        title="API"
        subtitle="Keys and webhooks that let your other tools work with your contracts"
      />
      <OwnerOnly action="manage API keys and webhooks">
        <Paper withBorder p="lg">
          <Suspense fallback={<PageLoading />}>
            <ApiKeysPanel />
          </Suspense>
        </Paper>
        <Paper withBorder p="lg" component="section" aria-labelledby="webhooks-heading">
          <Stack gap="md">
            <Title order={2} size="h3" id="webhooks-heading">
              Webhooks
            </Title>
            <Suspense fallback={<PageLoading />}>
              <WebhooksPanel />
            </Suspense>
          </Stack>
        </Paper>
      </OwnerOnly>
      <Paper withBorder p="lg">
        <Title order={2} size="h3">
          Reference
        </Title>
        <Text size="sm" mt="xs">
          Every call, with what it takes and answers, is in the{' '}
          <Anchor href="/api/docs" target="_blank">
            API reference
          </Anchor>{' '}
          (or as OpenAPI at <Code>/api/openapi.json</Code>).
        </Text>
      </Paper>
    </Stack>
  );
}
