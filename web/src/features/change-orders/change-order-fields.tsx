import { Radio, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { sanitizePriceInput } from '@domain/money';
import type { ChangeOrderForm } from './change-order-words';

/**
 * The price change (more or less, in dollars and cents, the wizard's price field), the change in
 * time (optional days, more or fewer) and how the change is paid (issue 38).
 */
export function ChangeOrderFields(props: {
  form: ChangeOrderForm;
  onChange: (change: Partial<ChangeOrderForm>) => void;
}) {
  const { form, onChange } = props;
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Text fw={600} id="price-change-title">
          The price change
        </Text>
        <SegmentedControl
          fullWidth
          aria-labelledby="price-change-title"
          value={form.direction}
          onChange={(direction) => onChange({ direction })}
          data={[
            { value: 'more', label: 'More' },
            { value: 'less', label: 'Less' },
          ]}
        />
        <TextInput
          label={form.direction === 'more' ? 'Amount added' : 'Amount taken off'}
          leftSection="$"
          inputMode="decimal"
          placeholder="0.00"
          value={form.amount}
          onChange={(event) => onChange({ amount: sanitizePriceInput(event.currentTarget.value) })}
        />
      </Stack>
      <Stack gap={6}>
        <Text fw={600} id="time-change-title">
          The change in time (optional)
        </Text>
        <SegmentedControl
          fullWidth
          aria-labelledby="time-change-title"
          value={form.daysDirection}
          onChange={(days) => onChange({ daysDirection: days })}
          data={[
            { value: 'more', label: 'More days' },
            { value: 'fewer', label: 'Fewer days' },
          ]}
        />
        <TextInput
          label="Days"
          description="Leave empty when the time does not change"
          inputMode="numeric"
          value={form.days}
          onChange={(event) => onChange({ days: event.currentTarget.value.replace(/\D/g, '') })}
        />
      </Stack>
      <Radio.Group
        label="How the change is paid"
        value={form.payment}
        onChange={(payment) => onChange({ payment })}
      >
        <Stack gap="xs" mt={6}>
          <Radio value="spread" label="Spread over the unpaid stages" />
          <Radio value="new_stage" label="As a new stage" />
        </Stack>
      </Radio.Group>
      {form.payment === 'new_stage' && (
        <Stack gap="xs">
          <TextInput
            label="New stage label"
            value={form.stageLabel}
            onChange={(event) => onChange({ stageLabel: event.currentTarget.value })}
          />
          <TextInput
            label="Due when"
            placeholder="On completion of the change"
            value={form.stageTrigger}
            onChange={(event) => onChange({ stageTrigger: event.currentTarget.value })}
          />
        </Stack>
      )}
    </Stack>
  );
}
