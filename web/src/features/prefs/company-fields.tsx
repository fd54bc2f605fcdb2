import { Select, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMemo } from 'react';
import { timeZoneOptions } from './time-zones';

export interface CompanyFormValues {
  company_name: string;
  company_phone: string;
  company_email: string;
  company_address: string;
  company_website: string;
  /** An IANA name; empty while not set (times then show in UTC). */
  time_zone: string;
}

export const emptyCompanyValues: CompanyFormValues = {
  company_name: '',
  company_phone: '',
  company_email: '',
  company_address: '',
  company_website: '',
  time_zone: '',
};

/** Company details as they appear on every contract; used by onboarding and branding. */
export function CompanyFields(props: {
  form: UseFormReturnType<CompanyFormValues>;
  required: { phone: boolean; email: boolean };
}) {
  const { form, required } = props;
  return (
    <Stack>
      <TextInput
        label="Company Name"
        autoComplete="organization"
        required
        key={form.key('company_name')}
        {...form.getInputProps('company_name')}
      />
      <TextInput
        label="Phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        required={required.phone}
        key={form.key('company_phone')}
        {...form.getInputProps('company_phone')}
      />
      <TextInput
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required={required.email}
        key={form.key('company_email')}
        {...form.getInputProps('company_email')}
      />
      <TextInput
        label="Address"
        autoComplete="street-address"
        key={form.key('company_address')}
        {...form.getInputProps('company_address')}
      />
      <TextInput
        label="Website"
        description="Optional, e.g. https://greenleaf.example"
        type="url"
        autoComplete="url"
        inputMode="url"
        key={form.key('company_website')}
        {...form.getInputProps('company_website')}
      />
      <TimeZoneSelect form={form} />
    </Stack>
  );
}

/**
 * The company's clock for the times in its mails, certificates and screens (issue 31): a list to
 * search by city, region or abbreviation, and to move through with the arrow keys.
 */
function TimeZoneSelect({ form }: { form: UseFormReturnType<CompanyFormValues> }) {
  const initial = form.getValues().time_zone;
  const data = useMemo(() => timeZoneOptions(initial || null), [initial]);
  return (
    <Select
      label="Time zone"
      description="Times in your emails, certificates and timelines use it. Not set: UTC."
      placeholder="Search a city, e.g. Chicago"
      searchable
      clearable
      data={data}
      maxDropdownHeight={260}
      nothingFoundMessage="No time zone matches"
      comboboxProps={{ withinPortal: true }}
      key={form.key('time_zone')}
      // Cleared, the value is null: not set, which the server takes as it is.
      {...form.getInputProps('time_zone')}
    />
  );
}

/** Preferences as form values: nulls become empty inputs. */
export function toCompanyValues(prefs: Partial<Record<keyof CompanyFormValues, string | null>>) {
  return Object.fromEntries(
    Object.keys(emptyCompanyValues).map((key) => [
      key,
      prefs[key as keyof CompanyFormValues] ?? '',
    ]),
  ) as unknown as CompanyFormValues;
}
