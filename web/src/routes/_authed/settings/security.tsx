import { Paper, Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { Suspense } from 'react';
import { PageHeader } from '../../../components/page-header';
import { PageLoading } from '../../../components/page-loading';
import { SettingsNav } from '../../../components/settings-nav';
import { SecurityLogPanel } from '../../../features/security/security-log-panel';
import { SignInEmailSection } from '../../../features/security/sign-in-email-section';

export const Route = createFileRoute('/_authed/settings/security')({
  component: SecuritySettingsPage,
});

function SecuritySettingsPage() {
  return (
    <Stack gap="lg">
      <SettingsNav />
      <PageHeader title="Security" subtitle="Who signed in to your account, and from where" />
      <SignInEmailSection />
      <Paper withBorder p="lg" component="section" aria-labelledby="security-log-heading">
        <Stack gap="md">
          <div>
            <Title order={2} size="h3" id="security-log-heading">
              Security log
            </Title>
            <Text size="sm" c="dimmed">
              Sign-ins, refused sign-ins and sign-outs, newest first.
            </Text>
          </div>
          <Suspense fallback={<PageLoading />}>
            <SecurityLogPanel />
          </Suspense>
        </Stack>
      </Paper>
    </Stack>
  );
}
