import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCash, IconSend } from '@tabler/icons-react';
import type { Contract } from '@domain/contracts.schemas';
import { formatUsd } from '@domain/money';
import type { StagePayment } from '@domain/stage-payments.schemas';
import { formatDate } from '../contracts/follow-up-format';
import type { ClientEmailWait } from '../contracts/use-client-email-wait';
import { useIsFuture } from '../contracts/use-is-future';
import { RecordPaymentForm } from './record-payment-form';
import { RequestPaymentButton } from './request-payment-button';
import { isOpenStage, STAGE_STATUS_COLOR, stageStatusText } from './stage-words';
import { UndoPaymentButton } from './undo-payment-button';

/** One stage: its label, amount and status, and what can be done about it now. */
export function StageRow({
  contract,
  index,
  stage,
  online,
  wait,
  waitHintId,
}: {
  contract: Contract;
  index: number;
  stage: StagePayment;
  /** The company takes payments online (Stripe connected). */
  online: boolean;
  wait: ClientEmailWait | null;
  waitHintId: string;
}) {
  const [recording, { open, close }] = useDisclosure(false);
  const undoable = useIsFuture(stage.can_undo_until);
  const payable = isOpenStage(stage);
  const status = stageStatusText(stage, formatDate);
  const labelId = `stage-${contract.id}-${index}`;
  return (
    <Stack
      gap="xs"
      role="group"
      aria-labelledby={labelId}
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)', paddingTop: 12 }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} id={labelId} style={{ overflowWrap: 'anywhere' }}>
            {stage.label}
          </Text>
          <Badge color={STAGE_STATUS_COLOR[stage.status]} variant="light" tt="none">
            {status}
          </Badge>
        </Stack>
        <Text fw={600} style={{ flexShrink: 0 }}>
          {formatUsd(stage.amount_cents)}
        </Text>
      </Group>
      {(payable || undoable) && !recording && (
        <Group gap="sm">
          {payable && online && (
            <RequestPaymentButton
              contract={contract}
              index={index}
              stage={stage}
              waitHintId={wait ? waitHintId : null}
              icon={<IconSend size={18} aria-hidden />}
            />
          )}
          {payable && (
            <Button
              variant="default"
              leftSection={<IconCash size={18} aria-hidden />}
              onClick={open}
              aria-label={`Record a payment for ${stage.label}`}
            >
              Record a payment
            </Button>
          )}
          {undoable && <UndoPaymentButton contract={contract} index={index} stage={stage} />}
        </Group>
      )}
      {recording && (
        <RecordPaymentForm contract={contract} index={index} stage={stage} onDone={close} />
      )}
    </Stack>
  );
}
