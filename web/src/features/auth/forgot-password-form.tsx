import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { forgotPasswordInputSchema } from '@domain/passwords.schemas';
import { ButtonLink } from '../../components/button-link';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

/**
 * "Forgot your password?": the email, then the same words whether or not an account uses it,
 * as the server answers the same (it never says which emails have accounts).
 */
export function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(forgotPasswordInputSchema, { sync: true }),
  });
  const ask = useMutation(
    trpc.auth.password.forgot.mutationOptions({
      onSuccess: (_answer, input) => setSentTo(input.email),
      onError: (error) =>
        showToast({
          title: 'Link not sent',
          message: errorMessage(error, 'Please try again'),
          error: true,
        }),
    }),
  );

  if (sentTo !== null) {
    return (
      <Stack>
        <Alert color="blue" title="Check your email" role="status">
          If an account uses that email, we sent a link. It works for 1 hour.
        </Alert>
        <Text size="sm" c="dimmed">
          Sent to <strong>{sentTo}</strong>. Nothing after a few minutes? Look in your spam folder,
          or check the address and{' '}
          <Anchor component="button" type="button" size="sm" onClick={() => setSentTo(null)}>
            send it again
          </Anchor>
          .
        </Text>
        <ButtonLink to="/login" variant="default" fullWidth>
          Back to sign in
        </ButtonLink>
      </Stack>
    );
  }

  return (
    <form onSubmit={form.onSubmit((values) => ask.mutate(values))} noValidate>
      <Stack>
        <TextInput
          label="Email"
          description="The email you sign in with"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={ask.isPending} fullWidth size="md">
          Send reset link
        </Button>
      </Stack>
    </form>
  );
}
