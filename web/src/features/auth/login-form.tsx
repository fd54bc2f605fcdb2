import { Button, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { loginFormSchema, safeRedirectPath } from '@domain/auth-forms.schemas';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { CredentialsFields } from './credentials-fields';
import { TwoFactorStep } from './two-factor-step';
import { currentUserQuery } from './use-current-user';
import { showToast } from '../../lib/toast';

export function LoginForm({ redirectTo }: { redirectTo: string | undefined }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Two-step sign-in on: the right password leads to the code (issue 34).
  const [askingForCode, setAskingForCode] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(loginFormSchema, { sync: true }),
  });
  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: async (answer) => {
        if ('two_factor_required' in answer) return setAskingForCode(true);
        queryClient.setQueryData(currentUserQuery().queryKey, answer);
        showToast({ title: 'Welcome back!', message: `Signed in as ${answer.user?.email ?? ''}` });
        await navigate({ to: safeRedirectPath(redirectTo) });
      },
      onError: (error) => {
        showToast({
          title: 'Login failed',
          message: errorMessage(error, 'Invalid credentials'),
          error: true,
        });
      },
    }),
  );

  if (askingForCode) {
    return (
      <TwoFactorStep
        redirectTo={redirectTo}
        onRestart={() => {
          form.setFieldValue('password', '');
          setAskingForCode(false);
        }}
      />
    );
  }
  return (
    <form onSubmit={form.onSubmit((values) => login.mutate(values))} noValidate>
      <Stack>
        <CredentialsFields form={form} purpose="sign-in" />
        <Button type="submit" loading={login.isPending} fullWidth size="md">
          Sign In
        </Button>
      </Stack>
    </form>
  );
}
