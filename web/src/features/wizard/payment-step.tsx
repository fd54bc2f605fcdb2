import {
  ActionIcon,
  Button,
  Card,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { formatUsd, sanitizePriceInput } from '@domain/money';
import { equalSplit, splitIndicator, type StageInput } from '@domain/payment-plan';
import {
  collectAtSigningOffered,
  collectAtSigningOn,
  paymentPlan,
  type WizardPayments,
  type WizardState,
} from './wizard-state';

/** Step 3: the price and the staged payment schedule. */
export function PaymentStep(props: {
  state: WizardState;
  payments: WizardPayments;
  onChange: (update: Partial<WizardState>) => void;
}) {
  const { state, onChange } = props;
  const custom = state.splitMode === 'custom';
  const plan = paymentPlan(state, props.payments);
  const offerCollect = collectAtSigningOffered(state, props.payments);
  const indicator = splitIndicator(state.stages);
  const setStage = (index: number, change: Partial<StageInput>) =>
    onChange({
      stages: state.stages.map((stage, at) => (at === index ? { ...stage, ...change } : stage)),
    });

  return (
    <Stack>
      <TextInput
        label="Total Contract Price"
        leftSection="$"
        inputMode="decimal"
        placeholder="0.00"
        value={state.price}
        onChange={(event) => onChange({ price: sanitizePriceInput(event.currentTarget.value) })}
      />
      <SegmentedControl
        fullWidth
        value={state.splitMode}
        onChange={(mode) =>
          onChange(
            mode === 'equal'
              ? { splitMode: 'equal', stages: keepingCollectChoice(equalSplit(), state.stages) }
              : { splitMode: 'custom' },
          )
        }
        data={[
          { value: 'equal', label: 'Equal Split' },
          { value: 'custom', label: 'Custom Split' },
        ]}
        aria-label="Payment split"
      />
      {state.stages.map((stage, index) => (
        <Card
          key={index}
          withBorder
          padding="sm"
          component="fieldset"
          aria-label={`Payment stage ${index + 1}`}
        >
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <TextInput
              aria-label={`Stage ${index + 1} label`}
              value={stage.label}
              onChange={(event) => setStage(index, { label: event.currentTarget.value })}
              style={{ flex: 1 }}
            />
            <Text fw={700} data-testid={`stage-${index + 1}-amount`}>
              {formatUsd(plan[index]?.amount_cents ?? 0)}
            </Text>
            {custom && state.stages.length > 1 && (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove stage ${index + 1}`}
                onClick={() => onChange({ stages: state.stages.filter((_, at) => at !== index) })}
              >
                <IconTrash size={18} />
              </ActionIcon>
            )}
          </Group>
          <Group mt="xs" gap="xs" align="flex-start" wrap="nowrap">
            <NumberInput
              w={96}
              label="Percent"
              aria-label={`Stage ${index + 1} percent`}
              min={0}
              max={100}
              step={1}
              clampBehavior="strict"
              allowDecimal={false}
              suffix="%"
              disabled={!custom}
              value={stage.percent}
              onChange={(value) =>
                setStage(index, { percent: typeof value === 'number' ? value : 0 })
              }
            />
            {/* Wraps and grows: "Substantial completion" must read whole on a phone. */}
            <Textarea
              style={{ flex: 1, minWidth: 0 }}
              label="Due when"
              aria-label={`Stage ${index + 1} trigger`}
              autosize
              minRows={1}
              maxRows={4}
              value={stage.trigger}
              onKeyDown={(event) => {
                if (event.key === 'Enter') event.preventDefault();
              }}
              onChange={(event) =>
                setStage(index, { trigger: event.currentTarget.value.replace(/\s*\n\s*/g, ' ') })
              }
            />
          </Group>
          {index === 0 && offerCollect && (
            <Switch
              mt="sm"
              label="Collect online when the client signs"
              description="Right after signing, the client is asked to pay this stage online, into your Stripe account."
              checked={collectAtSigningOn(state)}
              onChange={(event) => setStage(0, { collect_at_signing: event.currentTarget.checked })}
            />
          )}
        </Card>
      ))}
      {custom && (
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() =>
            onChange({
              stages: [
                ...state.stages,
                { label: `Stage ${state.stages.length + 1}`, percent: 0, trigger: '' },
              ],
            })
          }
          disabled={state.stages.length >= 20}
        >
          Add Stage
        </Button>
      )}
      <Text fw={600} c={indicator.valid ? 'green.9' : 'red.8'} role="status">
        {indicator.text}
      </Text>
    </Stack>
  );
}

/** Equal Split's fresh stages, with the first stage's "Collect online" choice kept. */
function keepingCollectChoice(stages: StageInput[], before: StageInput[]): StageInput[] {
  const choice = before[0]?.collect_at_signing;
  return stages.map((stage, index) =>
    index === 0 && choice !== undefined ? { ...stage, collect_at_signing: choice } : stage,
  );
}
