import { Anchor, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Contract } from '@domain/contracts.schemas';
import { formatUsd } from '@domain/money';
import { PageLoading } from '../../components/page-loading';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useClientEmailWait } from '../contracts/use-client-email-wait';
import { StageRow } from './stage-row';
import { isOpenStage } from './stage-words';

/**
 * A signed contract's payments (issue 36): each stage with its amount and status, "Paid $X of
 * $Y", and per stage Request payment (while the client's email budget allows, as Send reminder),
 * Record a payment taken by hand, and Undo for a day.
 */
export function ContractPayments({ contract }: { contract: Contract }) {
  const payments = useQuery(trpc.payments.ofContract.queryOptions({ id: contract.id }));
  const settings = useQuery(trpc.payments.settings.queryOptions());
  const online = settings.data?.connected === true;
  const asking = online && (payments.data?.stages.some(isOpenStage) ?? false);
  const wait = useClientEmailWait(contract.id, asking);
  const waitHintId = `payment-email-wait-${contract.id}`;
  const data = payments.data;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="payments-title">
      <Stack gap="md">
        <Stack gap={6}>
          <Title order={2} size="h4" id="payments-title">
            Payments
          </Title>
          {data && (
            <>
              <Text fw={600}>
                Paid {formatUsd(data.paid_cents)} of {formatUsd(data.total_cents)}
              </Text>
              <Progress
                value={data.total_cents > 0 ? (100 * data.paid_cents) / data.total_cents : 0}
                color="green"
                aria-hidden
              />
            </>
          )}
        </Stack>
        {payments.isError && !data && (
          <Text c="red.8" role="alert">
            The payments could not be loaded: {errorMessage(payments.error, 'please try again')}
          </Text>
        )}
        {!data && !payments.isError && <PageLoading />}
        {data?.stages.length === 0 && <Text c="dimmed">This contract has no payment plan.</Text>}
        {data?.stages.map((stage, index) => (
          <StageRow
            key={index}
            contract={contract}
            index={index}
            stage={stage}
            online={online}
            wait={wait}
            waitHintId={waitHintId}
          />
        ))}
        {wait && (
          <Text size="sm" c="dimmed" id={waitHintId}>
            {wait.message}
          </Text>
        )}
        {settings.isSuccess && !online && data?.stages.some(isOpenStage) && (
          <Text size="sm" c="dimmed">
            To email the client a link to pay online, an owner connects Stripe in{' '}
            <Anchor component={Link} to="/settings/payments">
              Settings → Payments
            </Anchor>
            .
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
