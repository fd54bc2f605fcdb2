import { PasswordInput, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

/** Email and password, with the autofill hints password managers need for sign-in or sign-up. */
export function CredentialsFields<Values extends { email: string; password: string }>(props: {
  form: UseFormReturnType<Values>;
  purpose: 'sign-in' | 'sign-up';
}) {
  const { form, purpose } = props;
  return (
    <>
      <TextInput
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        key={form.key('email')}
        {...form.getInputProps('email')}
      />
      <PasswordInput
        label="Password"
        // The rule is said once: as a hint, or as the error when it is broken.
        description={
          purpose === 'sign-up' && !form.errors.password ? 'At least 6 characters' : undefined
        }
        autoComplete={purpose === 'sign-up' ? 'new-password' : 'current-password'}
        required
        key={form.key('password')}
        {...form.getInputProps('password')}
      />
    </>
  );
}
