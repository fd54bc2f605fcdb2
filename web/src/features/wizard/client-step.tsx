import { Input, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useId } from 'react';
import { clientFormSchema } from '@domain/contracts.schemas';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '@domain/i18n/languages';
import type { WizardState } from './wizard-state';

const LANGUAGE_CHOICES = LANGUAGES.map((language) => ({
  value: language,
  label: LANGUAGE_NAMES[language],
}));

/** Step 2: the client's details, checked as they are typed, and the language they read. */
export function ClientStep(props: {
  client: WizardState['client'];
  language: Language;
  onChange: (client: WizardState['client']) => void;
  onLanguageChange: (language: Language) => void;
}) {
  const form = useForm({
    mode: 'controlled',
    initialValues: props.client,
    validate: schemaResolver(clientFormSchema, { sync: true }),
    validateInputOnBlur: true,
    onValuesChange: (values) => props.onChange(values),
  });
  const languageId = useId();
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
      {/* A group of radios, not one input: the label names the group (docs/decisions/029). */}
      <Input.Wrapper
        id={languageId}
        labelElement="div"
        label="Client's language"
        description="Used for their emails, signing page and contract"
      >
        <SegmentedControl
          fullWidth
          mt={4}
          aria-labelledby={`${languageId}-label`}
          aria-describedby={`${languageId}-description`}
          value={props.language}
          onChange={(value) => {
            if (isLanguage(value)) props.onLanguageChange(value);
          }}
          data={LANGUAGE_CHOICES}
        />
      </Input.Wrapper>
    </Stack>
  );
}
