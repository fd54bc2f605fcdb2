import { Paper, Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { Suspense } from 'react';
import { PageLoading } from '../../components/page-loading';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { OnboardingForm } from '../../features/prefs/onboarding-form';

export const Route = createFileRoute('/_authed/onboarding')({
  component: OnboardingPage,
});

function OnboardingPage() {
  const { data } = useCurrentUser();
  return (
    <Stack maw={520} mx="auto" gap="lg">
      <div>
        <Title order={1} size="h2">
          Welcome to TradeSign
        </Title>
        <Text c="dimmed" mt={4}>
          Set up your company once. These details appear on every contract you send.
        </Text>
      </div>
      <Paper withBorder p="lg">
        <Suspense fallback={<PageLoading />}>
          <OnboardingForm accountEmail={data?.user?.email ?? ''} />
        </Suspense>
      </Paper>
    </Stack>
  );
}
