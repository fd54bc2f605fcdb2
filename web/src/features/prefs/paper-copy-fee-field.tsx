import { TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { sanitizePriceInput } from '@domain/money';
import type { ChangeEvent } from 'react';

/**
 * The company's fee for a paper copy of its records (issue 32), typed in dollars like the
 * wizard's price: only digits and one point stay.
 */
export function PaperCopyFeeField<Values extends { paper_copy_fee: string }>({
  form,
}: {
  form: UseFormReturnType<Values>;
}) {
  const inputProps = form.getInputProps('paper_copy_fee');
  // The form is uncontrolled, so the typed text is cleaned in the input itself before the form
  // reads it.
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const kept = sanitizePriceInput(input.value);
    if (kept !== input.value) input.value = kept;
    (inputProps.onChange as (event: ChangeEvent<HTMLInputElement>) => void)(event);
  };
  return (
    <TextInput
      label="Fee for a paper copy"
      description="Printed in the electronic-records notice your clients accept before signing. Leave empty for no fee."
      leftSection="$"
      inputMode="decimal"
      placeholder="0.00"
      autoComplete="off"
      key={form.key('paper_copy_fee')}
      {...inputProps}
      onChange={onChange}
    />
  );
}
