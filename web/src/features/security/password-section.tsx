import { Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  changePasswordFormSchema,
  SAME_PASSWORD,
  WRONG_CURRENT_PASSWORD,
} from '@domain/passwords.schemas';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

const initialValues = { current_password: '', new_password: '', confirm: '' };

/**
 * Settings → Security → Password: the current password, then the new one twice (sign-up's
 * rules). Every other device is signed out; this one stays. A wrong current password is said
 * under its field.
 */
export function PasswordSection() {
  const queryClient = useQueryClient();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues,
    validate: schemaResolver(changePasswordFormSchema, { sync: true }),
  });
  const change = useMutation(
    trpc.auth.password.change.mutationOptions({
      onSuccess: (answer) => {
        form.setValues(initialValues);
        const others = answer.signed_out_sessions;
        showToast({
          title: 'Password changed',
          message:
            others === 0
              ? 'No other device was signed in.'
              : `${others === 1 ? '1 other device was' : `${others} other devices were`} signed out.`,
        });
        void queryClient.invalidateQueries({ queryKey: trpc.auth.sessions.list.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.auth.securityLog.pathKey() });
      },
      onError: (error) => {
        const message = errorMessage(error, 'Please try again');
        if (message === WRONG_CURRENT_PASSWORD) {
          form.setFieldError('current_password', message);
        } else if (message === SAME_PASSWORD) {
          form.setFieldError('new_password', message);
        } else {
          showToast({ title: 'Password not changed', message, error: true });
        }
        // The log gained a line for a wrong current password.
        void queryClient.invalidateQueries({ queryKey: trpc.auth.securityLog.pathKey() });
      },
    }),
  );
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="password-heading">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="password-heading">
            Password
          </Title>
          <Text size="sm" c="dimmed">
            Changing it signs out every other device. This one stays signed in.
          </Text>
        </div>
        <form
          noValidate
          aria-labelledby="password-heading"
          onSubmit={form.onSubmit(({ current_password, new_password }) =>
            change.mutate({ current_password, new_password }),
          )}
        >
          <Stack gap="sm">
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              required
              key={form.key('current_password')}
              {...form.getInputProps('current_password')}
            />
            <PasswordInput
              label="New password"
              description={form.errors.new_password ? undefined : 'At least 6 characters'}
              autoComplete="new-password"
              required
              key={form.key('new_password')}
              {...form.getInputProps('new_password')}
            />
            <PasswordInput
              label="New password again"
              autoComplete="new-password"
              required
              key={form.key('confirm')}
              {...form.getInputProps('confirm')}
            />
            <Group>
              <Button type="submit" loading={change.isPending}>
                Change password
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
