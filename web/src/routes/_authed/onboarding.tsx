import { Button, Group, Paper, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Suspense, useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { PageLoading } from '../../components/page-loading';
import { scrollPageToTop } from '../../components/page-scroll';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { LegalDisclaimerText } from '../../features/legal/legal-disclaimer-text';
import { LegalForm } from '../../features/legal/legal-form';
import { OnboardingForm } from '../../features/prefs/onboarding-form';
import { trpc } from '../../lib/trpc';

export const Route = createFileRoute('/_authed/onboarding')({
  component: OnboardingPage,
});

/**
 * Company setup, then the legal acknowledgment that sending contracts needs: met here, at the
 * start, rather than after a whole contract is written. It can be skipped and done later.
 */
function OnboardingPage() {
  const { data } = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<'company' | 'legal'>('company');
  const home = () => navigate({ to: '/' });

  const afterCompany = async () => {
    const status = await queryClient.fetchQuery(trpc.acceptances.status.queryOptions());
    if (status.accepted) await home();
    else {
      setStage('legal');
      scrollPageToTop();
    }
  };

  if (stage === 'legal') {
    return (
      <Stack maw={640} mx="auto" gap="lg">
        <PageHeader
          title="One more thing: the legal acknowledgment"
          subtitle="Sending contracts for signature needs it once. Accept it now, or skip and do it later in Settings."
        />
        <LegalDisclaimerText />
        <Paper withBorder p="lg">
          <LegalForm onAccepted={home} />
        </Paper>
        <Group justify="center">
          <Button variant="subtle" onClick={() => void home()}>
            Skip for now
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack maw={520} mx="auto" gap="lg">
      <PageHeader
        title="Welcome to TradeSign"
        subtitle="Set up your company once. These details appear on every contract you send."
      />
      <Paper withBorder p="lg">
        <Suspense fallback={<PageLoading />}>
          <OnboardingForm accountEmail={data?.user?.email ?? ''} onSaved={afterCompany} />
        </Suspense>
      </Paper>
    </Stack>
  );
}
