import { Paper, Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { Suspense } from 'react';
import { PageHeader } from '../../../components/page-header';
import { PageLoading } from '../../../components/page-loading';
import { SettingsNav } from '../../../components/settings-nav';
import { SecurityLogPanel } from '../../../features/security/security-log-panel';
import { PasswordSection } from '../../../features/security/password-section';
import { SignedInDevicesSection } from '../../../features/security/signed-in-devices-section';
import { TwoStepSignInSection } from '../../../features/security/two-step-sign-in-section';
import { SignInEmailSection } from '../../../features/security/sign-in-email-section';

export const Route = createFileRoute('/_authed/settings/security')({
  component: SecuritySettingsPage,
});

function SecuritySettingsPage() {
  return (
    <Stack gap="lg">
      <SettingsNav />
      <PageHeader
        title="Security"
        subtitle="Your password, sign-in email and two-step sign-in, where you are signed in, and who signed in from where"
      />
      <PasswordSection />
      <SignInEmailSection />
      <SignedInDevicesSection />
      <TwoStepSignInSection />
      <Paper withBorder p="lg" component="section" aria-labelledby="security-log-heading">
        <Stack gap="md">
          <div>
            <Title order={2} size="h3" id="security-log-heading">
              Security log
            </Title>
            <Text size="sm" c="dimmed">
              Sign-ins, refused sign-ins, password changes and sign-outs, newest first. One you do
              not recognise? Change your password.
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
