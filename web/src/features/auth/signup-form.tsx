import { Button, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { signupFormSchema } from '@domain/auth-forms.schemas';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { CredentialsFields } from './credentials-fields';
import { currentUserQuery } from './use-current-user';
import { showToast } from '../../lib/toast';

export function SignupForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { company_name: '', email: '', password: '' },
    validate: schemaResolver(signupFormSchema, { sync: true }),
  });
  const signup = useMutation(
    trpc.auth.signup.mutationOptions({
      onSuccess: async (answer) => {
        queryClient.setQueryData(currentUserQuery().queryKey, answer);
        showToast({
          title: 'Account created successfully!',
          message: 'Next, tell us about your company',
        });
        await navigate({ to: '/onboarding' });
      },
      onError: (error) => {
        showToast({
          title: 'Signup failed',
          message: errorMessage(error, 'Could not create account'),
          error: true,
        });
      },
    }),
  );

  return (
    <form onSubmit={form.onSubmit((values) => signup.mutate(values))} noValidate>
      <Stack>
        <TextInput
          label="Company Name"
          autoComplete="organization"
          required
          key={form.key('company_name')}
          {...form.getInputProps('company_name')}
        />
        <CredentialsFields form={form} purpose="sign-up" />
        <Button type="submit" loading={signup.isPending} fullWidth size="md">
          Create Account
        </Button>
      </Stack>
    </form>
  );
}
