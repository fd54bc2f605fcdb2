import { Anchor, Input, SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { clientFormSchema } from '@domain/contracts.schemas';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '@domain/i18n/languages';
import type { SigningOrder } from '@domain/signers';
import { trpc } from '../../lib/trpc';
import { CoSignersFields } from '../signers/co-signers-fields';
import type { CoSignerDraft } from '../signers/wizard-signers';
import type { WizardState } from './wizard-state';

const LANGUAGE_CHOICES = LANGUAGES.map((language) => ({
  value: language,
  label: LANGUAGE_NAMES[language],
}));

/**
 * Step 2: the client's details, checked as they are typed, anyone else who signs (issue 37), the
 * language they read, and whether the sale is made at their home (the FTC Cooling-Off Rule's
 * notice then goes with the contract).
 */
export function ClientStep(props: {
  client: WizardState['client'];
  language: Language;
  homeSale: boolean;
  onChange: (client: WizardState['client']) => void;
  onLanguageChange: (language: Language) => void;
  onHomeSaleChange: (homeSale: boolean) => void;
  coSigners: CoSignerDraft[];
  signingOrder: SigningOrder;
  onCoSignersChange: (coSigners: CoSignerDraft[]) => void;
  onSigningOrderChange: (order: SigningOrder) => void;
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
      <CoSignersFields
        clientEmail={form.values.email}
        coSigners={props.coSigners}
        signingOrder={props.signingOrder}
        onChange={props.onCoSignersChange}
        onSigningOrderChange={props.onSigningOrderChange}
      />
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
      <Switch
        label="Sold at the client's home or away from my place of business"
        description="The contract will then carry the FTC notice of cancellation: the client may cancel within 3 business days"
        checked={props.homeSale}
        onChange={(event) => props.onHomeSaleChange(event.currentTarget.checked)}
      />
      {props.homeSale && <MissingAddressNote />}
    </Stack>
  );
}

/** The notice tells the client where to send it: without a business address it cannot be sent. */
function MissingAddressNote() {
  const prefs = useQuery(trpc.prefs.get.queryOptions());
  if (!prefs.data || prefs.data.company_address?.trim()) return null;
  return (
    <Text size="sm" c="orange.9" role="status">
      The notice of cancellation needs your business address. Add it in{' '}
      <Anchor component={Link} to="/settings/branding" size="sm">
        Settings, Branding
      </Anchor>{' '}
      before sending.
    </Text>
  );
}
