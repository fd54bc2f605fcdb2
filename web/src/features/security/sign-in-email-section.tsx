import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { changeEmailInputSchema } from '@domain/account-email.schemas';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useResendVerification } from '../account-email/use-resend-verification';
import { useCurrentUser } from '../auth/use-current-user';

/**
 * Settings → Security, "Sign-in email" (issue 34): the address in use, whether it is confirmed,
 * and the form that changes it. The change is made only when the link mailed to the new address
 * is followed; the old address is told at once.
 */
export function SignInEmailSection() {
  const user = useCurrentUser().data?.user;
  const resend = useResendVerification();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { new_email: '', password: '' },
    validate: schemaResolver(changeEmailInputSchema, { sync: true }),
  });
  const change = useMutation(
    trpc.auth.changeEmail.mutationOptions({
      onSuccess: (_answer, input) => {
        setSentTo(input.new_email.trim().toLowerCase());
        form.reset();
      },
      onError: (error) => {
        showToast({
          title: 'Email not changed',
          message: errorMessage(error, 'Could not ask for the change'),
          error: true,
        });
      },
    }),
  );
  if (!user) return null;

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="sign-in-email-heading">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="sign-in-email-heading">
            Sign-in email
          </Title>
          <Text size="sm" c="dimmed">
            You sign in with it, and mails about your account go to it.
          </Text>
        </div>
        <Group gap="xs" wrap="wrap">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
          {user.email_verified ? (
            <Badge color="green" variant="light">
              Confirmed
            </Badge>
          ) : (
            <Badge color="yellow" variant="light">
              Not confirmed yet
            </Badge>
          )}
        </Group>
        {!user.email_verified && (
          <Button
            variant="default"
            size="xs"
            loading={resend.isPending}
            onClick={() => resend.mutate()}
            style={{ alignSelf: 'flex-start' }}
          >
            Resend the link
          </Button>
        )}
        {sentTo && (
          <Alert color="blue" icon={<IconMailForward aria-hidden />} title="Check the new inbox">
            We sent a link to <strong>{sentTo}</strong>. Open it within 24 hours to finish the
            change; until then you sign in with {user.email}.
          </Alert>
        )}
        <form
          onSubmit={form.onSubmit((values) => change.mutate(values))}
          noValidate
          aria-label="Change the sign-in email"
        >
          <Stack gap="sm">
            <TextInput
              label="New email"
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              key={form.key('new_email')}
              {...form.getInputProps('new_email')}
            />
            <PasswordInput
              label="Current password"
              description="To make sure it is you"
              autoComplete="current-password"
              required
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
              Send the confirmation link
            </Button>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
