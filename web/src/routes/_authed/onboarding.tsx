import { Paper, Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { Suspense } from 'react';
import { PageLoading } from '../../components/page-loading';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { OnboardingForm } from '../../features/prefs/onboarding-form';
import { PageHeader } from '../../components/page-header';

export const Route = createFileRoute('/_authed/onboarding')({
  component: OnboardingPage,
});

function OnboardingPage() {
  const { data } = useCurrentUser();
  return (
    <Stack maw={520} mx="auto" gap="lg">
      <PageHeader
        title="Welcome to TradeSign"
        subtitle="Set up your company once. These details appear on every contract you send."
      />
      <Paper withBorder p="lg">
        <Suspense fallback={<PageLoading />}>
          <OnboardingForm accountEmail={data?.user?.email ?? ''} />
        </Suspense>
      </Paper>
    </Stack>
  );
}
