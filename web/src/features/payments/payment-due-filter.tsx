import { Chip } from '@mantine/core';

/**
 * "Payment due" (issue 36): only the contracts whose deposit is due since the client signed, or
 * whose stage was asked for, and not paid yet. A checkbox, so a keyboard toggles it with Space.
 */
export function PaymentDueFilter({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Chip checked={checked} onChange={onChange} variant="outline" color="orange">
      Payment due
    </Chip>
  );
}
