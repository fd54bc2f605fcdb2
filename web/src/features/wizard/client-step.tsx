import { Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { clientFormSchema } from '@domain/contracts.schemas';
import type { WizardState } from './wizard-state';

/** Step 2: the client's details, checked as they are typed. */
export function ClientStep(props: {
  client: WizardState['client'];
  onChange: (client: WizardState['client']) => void;
}) {
  const form = useForm({
    mode: 'controlled',
    initialValues: props.client,
    validate: schemaResolver(clientFormSchema, { sync: true }),
    validateInputOnBlur: true,
    onValuesChange: (values) => props.onChange(values),
  });
  return (
    <Stack>
      <TextInput label="Client Name" required autoComplete="off" {...form.getInputProps('name')} />
      <TextInput
        label="Email Address"
        type="email"
        inputMode="email"
        autoComplete="off"
        required
        {...form.getInputProps('email')}
      />
      <TextInput
        label="Phone Number"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        {...form.getInputProps('phone')}
      />
      <TextInput label="Project Address" autoComplete="off" {...form.getInputProps('address')} />
    </Stack>
  );
}
