import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconMailCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { currentUserQuery, useCurrentUser } from '../auth/use-current-user';
import { LinkPage } from './link-page';
import { useResendVerification } from './use-resend-verification';

/**
 * Public page /verify-email/$token (issue 34): the link from the sign-up mail. It confirms the
 * address as it opens, signed in or not (proving the mail arrived is all the link is for); a
 * link that no longer works says why and, to someone signed in, offers a new one.
 */
export function VerifyEmailPage({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const user = useCurrentUser().data?.user ?? null;
  const verify = useMutation(
    trpc.auth.verifyEmail.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery().queryKey }),
    }),
  );
  const { mutate } = verify;
  // Once per token: the link is single-use, and StrictMode runs effects twice in development.
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    if (sentFor.current === token) return;
    sentFor.current = token;
    mutate({ token });
  }, [mutate, token]);

  if (verify.isSuccess) {
    return (
      <LinkPage title="Your email address is confirmed" documentTitle="Email confirmed">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconMailCheck aria-hidden color="var(--mantine-color-green-7)" />
          <Text>
            <strong>{verify.data.email}</strong> is confirmed. You can send contracts to your
            clients.
          </Text>
        </Group>
        <NextStep signedIn={user !== null} />
      </LinkPage>
    );
  }
  if (verify.isError) {
    return (
      <LinkPage title="This link did not work" documentTitle="Link did not work">
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />}>
          {errorMessage(verify.error, 'The link could not be checked. Try again.')}
        </Alert>
        <AfterRefusal user={user} />
      </LinkPage>
    );
  }
  return (
    <LinkPage title="Confirming your email address" documentTitle="Confirming your email">
      <Group gap="sm">
        <Loader size="sm" aria-hidden />
        <Text>One moment…</Text>
      </Group>
    </LinkPage>
  );
}

function AfterRefusal({ user }: { user: { email: string; email_verified: boolean } | null }) {
  const resend = useResendVerification();
  if (!user) {
    return (
      <>
        <Text>Sign in, and ask for a new link from the contracts screen.</Text>
        <NextStep signedIn={false} />
      </>
    );
  }
  if (user.email_verified) {
    return (
      <>
        <Text>
          Your email address, <strong>{user.email}</strong>, is already confirmed: there is nothing
          more to do.
        </Text>
        <NextStep signedIn />
      </>
    );
  }
  return (
    <>
      <Text>
        We can send a new link to <strong>{user.email}</strong>.
      </Text>
      <Button loading={resend.isPending} onClick={() => resend.mutate()} fullWidth>
        Resend the link
      </Button>
    </>
  );
}

function NextStep({ signedIn }: { signedIn: boolean }) {
  return signedIn ? (
    <Button component={Link} to="/" fullWidth>
      Go to your contracts
    </Button>
  ) : (
    <Button component={Link} to="/login" fullWidth>
      Sign in
    </Button>
  );
}
