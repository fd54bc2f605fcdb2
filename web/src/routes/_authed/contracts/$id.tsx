import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { canDo } from '@domain/contract-lifecycle';
import { ContractFrame } from '../../../components/contract-frame';
import { PageLoading } from '../../../components/page-loading';
import { ClosedNotice } from '../../../features/contracts/closed-notice';
// Issue 38: a signed contract's change orders, and the contract as it stands.
import { ChangeOrdersSection } from '../../../features/change-orders/change-orders-section';
import { ContractActions } from '../../../features/contracts/contract-actions';
import { ContractLoadError } from '../../../features/contracts/contract-load-error';
import { ContractPageHeader } from '../../../features/contracts/contract-page-header';
import { ContractTimeline } from '../../../features/contracts/contract-timeline';
import { FollowUpStatus } from '../../../features/contracts/follow-up-status';
// Issue 36, later stages: a signed contract's payments.
import { ContractPayments } from '../../../features/payments/contract-payments';
// Issue 37: each client who signs, and where they stand.
import { ContractSigners } from '../../../features/signers/contract-signers';
import { errorMessage } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';

export const Route = createFileRoute('/_authed/contracts/$id')({
  params: {
    parse: ({ id }) => ({ id: Number(id) }),
    stringify: ({ id }) => ({ id: String(id) }),
  },
  component: ContractViewPage,
});

/** A sent contract with what can be done about it now (remind, new link, withdraw, revise). */
function ContractViewPage() {
  const { id } = Route.useParams();
  const contract = useQuery(trpc.contracts.get.queryOptions({ id }));
  const timeline = useQuery(trpc.contracts.timeline.queryOptions({ id }));
  // A failed refresh after an action keeps the page as it was; only a first load shows the error.
  if (!contract.data) {
    return contract.isError ? <ContractLoadError error={contract.error} /> : <PageLoading />;
  }
  const document = contract.data.template_html;
  return (
    <Stack gap="lg">
      <ContractPageHeader contract={contract.data} />
      <ClosedNotice contract={contract.data} />
      <FollowUpStatus contract={contract.data} />
      <ContractActions contract={contract.data} />
      <ContractSigners contract={contract.data} />
      {canDo('collect', contract.data.status) && <ContractPayments contract={contract.data} />}
      {(contract.data.status === 'signed' || contract.data.status === 'completed') && (
        <ChangeOrdersSection contract={contract.data} />
      )}
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          Timeline
        </Title>
        {timeline.isError ? (
          <Text c="red.8" role="alert">
            The timeline could not be loaded: {errorMessage(timeline.error, 'please try again')}
          </Text>
        ) : timeline.data ? (
          <ContractTimeline events={timeline.data} />
        ) : (
          <PageLoading />
        )}
      </Paper>
      {document ? (
        <ContractFrame
          html={document}
          title={`Contract #${contract.data.id} as sent`}
          flowsInPage
        />
      ) : (
        <Text c="dimmed">This contract has not been sent yet.</Text>
      )}
    </Stack>
  );
}
