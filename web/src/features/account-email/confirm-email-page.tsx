import { Alert, Button, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { currentUserQuery, useCurrentUser } from '../auth/use-current-user';
import { LinkPage } from './link-page';

/**
 * Public page /confirm-email/$token (issue 34): the link mailed to a new sign-in address. The
 * change waits for a press of the button, so a mail scanner that opens links cannot make it.
 */
export function ConfirmEmailPage({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const signedIn = Boolean(useCurrentUser().data?.user);
  const confirm = useMutation(
    trpc.auth.confirmEmailChange.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery().queryKey }),
    }),
  );

  if (confirm.isSuccess) {
    return (
      <LinkPage title="Your sign-in email is changed" documentTitle="Email changed">
        <Text>
          From now on you sign in with <strong>{confirm.data.email}</strong>, and mails about your
          account go there.
        </Text>
        {signedIn ? (
          <Button component={Link} to="/settings/security" fullWidth>
            Back to Settings
          </Button>
        ) : (
          <Button component={Link} to="/login" fullWidth>
            Sign in
          </Button>
        )}
      </LinkPage>
    );
  }
  return (
    <LinkPage title="Confirm your new sign-in email" documentTitle="Confirm your new email">
      <Text>
        This makes the address this link was sent to the email you sign in to TradeSign with.
      </Text>
      {confirm.isError && (
        <>
          <Alert color="red" icon={<IconAlertTriangle aria-hidden />} title="Not changed">
            {errorMessage(confirm.error, 'The link could not be checked. Try again.')}
          </Alert>
          <Text size="sm">
            {signedIn
              ? 'You can ask for a new link in Settings, Security.'
              : 'Sign in with your current email to ask for a new link in Settings, Security.'}
          </Text>
        </>
      )}
      <Button
        onClick={() => confirm.mutate({ token })}
        loading={confirm.isPending}
        disabled={confirm.isError}
        fullWidth
      >
        Confirm the new email
      </Button>
    </LinkPage>
  );
}
