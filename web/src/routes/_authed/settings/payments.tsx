import { Paper, Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { Suspense } from 'react';
import { PageHeader } from '../../../components/page-header';
import { PageLoading } from '../../../components/page-loading';
import { SettingsNav } from '../../../components/settings-nav';
import { PaymentsPanel } from '../../../features/payments/payments-panel';
import { OwnerOnly } from '../../../features/team/owner-only';

export const Route = createFileRoute('/_authed/settings/payments')({
  component: PaymentsSettingsPage,
});

/** Settings → Payments (issue 36): an owner connects the company's Stripe account. */
function PaymentsSettingsPage() {
  return (
    <Stack gap="lg">
      <SettingsNav />
      <PageHeader
        title="Payments"
        subtitle="Take deposits and stage payments online, by card or bank transfer, through your own Stripe account"
      />
      <OwnerOnly action="manage payments">
        <Paper withBorder p="lg">
          <Suspense fallback={<PageLoading />}>
            <PaymentsPanel />
          </Suspense>
        </Paper>
      </OwnerOnly>
    </Stack>
  );
}
