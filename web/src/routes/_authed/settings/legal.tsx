import { Alert, Paper, Stack } from '@mantine/core';
import { IconArrowLeft, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ButtonLink } from '../../../components/button-link';
import { PageHeader } from '../../../components/page-header';
import { PageLoading } from '../../../components/page-loading';
import { SettingsNav } from '../../../components/settings-nav';
import { LegalDisclaimerText } from '../../../features/legal/legal-disclaimer-text';
import { LegalForm } from '../../../features/legal/legal-form';
import { optionalId } from '../../../lib/search-params';
import { trpc } from '../../../lib/trpc';

export const Route = createFileRoute('/_authed/settings/legal')({
  // `?contract=12` (or `new`): the wizard sent the contractor here; offer the way back to it.
  validateSearch: (search: Record<string, unknown>): { contract?: number | 'new' } => ({
    contract: search.contract === 'new' ? 'new' : optionalId(search.contract),
  }),
  component: LegalPage,
});

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

function LegalPage() {
  const { contract } = Route.useSearch();
  const status = useQuery(trpc.acceptances.status.queryOptions());
  const backToContract =
    contract === undefined ? null : (
      <ButtonLink
        to="/wizard"
        search={contract === 'new' ? {} : { id: contract }}
        leftSection={<IconArrowLeft size={18} aria-hidden />}
        variant={status.data?.accepted ? 'filled' : 'default'}
      >
        Back to your contract
      </ButtonLink>
    );
  return (
    <Stack gap="lg">
      <SettingsNav />
      <PageHeader
        title="Legal Acknowledgment"
        subtitle="Required once before you send contracts for signature"
      />
      <LegalDisclaimerText />
      {status.isPending && <PageLoading />}
      {status.data?.accepted ? (
        <Alert color="green" icon={<IconCircleCheck aria-hidden />} title="Acknowledgment Complete">
          Accepted by {status.data.typed_name}
          {status.data.accepted_at && ` on ${longDate.format(new Date(status.data.accepted_at))}`}.
        </Alert>
      ) : (
        status.data && (
          <Paper withBorder p="lg">
            <LegalForm />
          </Paper>
        )
      )}
      {backToContract}
    </Stack>
  );
}
