import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { resetPasswordFormSchema, type ResetCheckAnswer } from '@domain/passwords.schemas';
import { ButtonLink } from '../../components/button-link';
import { PageLoading } from '../../components/page-loading';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc, trpcClient } from '../../lib/trpc';

/**
 * The page an emailed reset link opens. It asks first whether the link still works, so a used,
 * replaced or expired one says so before anything is typed; the check is a POST (a tRPC
 * mutation) so the token never rides in a URL the server logs.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const check = useQuery({
    queryKey: ['reset-link', token],
    queryFn: () => trpcClient.auth.password.checkReset.mutate({ token }),
    staleTime: Infinity,
  });
  const [doneWithTwoFactor, setDoneWithTwoFactor] = useState(false);

  if (doneWithTwoFactor) return <SignInWithCode />;
  if (check.isPending) return <PageLoading />;
  if (check.isError) {
    return (
      <Alert color="red" title="The link could not be checked" role="alert">
        {errorMessage(check.error, 'Please reload the page to try again.')}
      </Alert>
    );
  }
  if (!check.data.valid) return <DeadLink message={check.data.message} />;
  return (
    <NewPasswordForm
      token={token}
      link={check.data}
      onTwoFactor={() => setDoneWithTwoFactor(true)}
      onRefused={() => void check.refetch()}
    />
  );
}

function NewPasswordForm(props: {
  token: string;
  link: Extract<ResetCheckAnswer, { valid: true }>;
  onTwoFactor: () => void;
  onRefused: () => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', confirm: '' },
    validate: schemaResolver(resetPasswordFormSchema, { sync: true }),
  });
  const reset = useMutation(
    trpc.auth.password.reset.mutationOptions({
      onSuccess: async (answer) => {
        if (!answer.signed_in || !answer.user) {
          props.onTwoFactor();
          return;
        }
        // Whoever this browser was signed in as before, nothing of theirs stays in memory (the
        // link's own check stays, or this page would ask again and show the link as used).
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'reset-link' });
        // The signed-in person is asked for afresh (with their two-step status) on the way in.
        showToast({
          title: 'Password changed',
          message: 'You are signed in. Every other device was signed out.',
        });
        await navigate({ to: '/' });
      },
      onError: (error) => {
        showToast({
          title: 'Password not changed',
          message: errorMessage(error, 'Please try again'),
          error: true,
        });
        // A link that stopped working meanwhile (used in another tab) shows as dead.
        props.onRefused();
      },
    }),
  );
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        reset.mutate({ token: props.token, password: values.password }),
      )}
    >
      <Stack>
        <Text size="sm">
          For <strong>{props.link.email}</strong>
        </Text>
        {/* Password managers save the new password under this account's email. */}
        <input
          type="email"
          name="username"
          autoComplete="username"
          value={props.link.email}
          readOnly
          hidden
        />
        <PasswordInput
          label="New password"
          description={form.errors.password ? undefined : 'At least 6 characters'}
          autoComplete="new-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="New password again"
          autoComplete="new-password"
          required
          key={form.key('confirm')}
          {...form.getInputProps('confirm')}
        />
        <Button type="submit" loading={reset.isPending} fullWidth size="md">
          Set new password
        </Button>
        <Text size="xs" c="dimmed">
          Every device signed in to your account will be signed out.
        </Text>
      </Stack>
    </form>
  );
}

function DeadLink({ message }: { message: string }) {
  return (
    <Stack>
      <Alert color="red" title="This link does not work" role="alert">
        {message}
      </Alert>
      <ButtonLink to="/forgot-password" fullWidth size="md">
        Send me a new link
      </ButtonLink>
    </Stack>
  );
}

function SignInWithCode() {
  return (
    <Stack>
      <Alert color="green" title="Password changed" role="status">
        Your password was changed. Sign in with your new password and your authenticator code.
      </Alert>
      <ButtonLink to="/login" fullWidth size="md">
        Sign in
      </ButtonLink>
    </Stack>
  );
}
