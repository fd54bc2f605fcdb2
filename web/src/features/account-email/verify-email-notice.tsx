import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useCurrentUser } from '../auth/use-current-user';
import { useResendVerification } from './use-resend-verification';

/**
 * On the contracts screen and the wizard's last step while the account's email is not verified
 * (an `open` sign-up, issue 34): sending needs it, and the link can be sent again.
 */
export function VerifyEmailNotice() {
  const user = useCurrentUser().data?.user;
  const resend = useResendVerification();
  if (!user || user.email_verified) return null;
  return (
    <Alert
      color="yellow"
      icon={<IconMailExclamation aria-hidden />}
      title="Confirm your email address"
      data-testid="verify-email-notice"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          Confirm your email address before you send your first contract. We sent a link to{' '}
          <strong>{user.email}</strong>.
        </Text>
        <Button
          size="xs"
          variant="white"
          color="yellow.9"
          loading={resend.isPending}
          onClick={() => resend.mutate()}
        >
          Resend the link
        </Button>
      </Stack>
    </Alert>
  );
}
