import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { inferRouterOutputs } from '@trpc/server';
import { z } from 'zod';
import { passwordSchema } from '@domain/auth.schemas';
import type { AppRouter } from '../../../../src/app/app-router';
import { ButtonLink } from '../../components/button-link';
import { PageLoading } from '../../components/page-loading';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc, trpcClient } from '../../lib/trpc';
import { useCurrentUser } from '../auth/use-current-user';

type Invitation = inferRouterOutputs<AppRouter>['team']['checkJoin'];

const joinFormSchema = z.object({
  name: z.string().trim().min(1, 'Enter your name, as your team will see it').max(80),
  password: passwordSchema,
});

/** The invitation's own check is kept under this key while the page is open. */
const checkKey = (token: string) => ['team-invite', token] as const;

/**
 * The page an invitation mail opens: who invited, to which company, then a name and a password
 * (or, for an email that has an account, sign in and accept). The check is a POST, so the token
 * never rides in a URL the server logs.
 */
export function JoinInvite({ token }: { token: string }) {
  const check = useQuery({
    queryKey: checkKey(token),
    queryFn: () => trpcClient.team.checkJoin.mutate({ token }),
    staleTime: Infinity,
    retry: false,
  });
  if (check.isPending) return <PageLoading />;
  if (check.isError) {
    return (
      <Stack>
        <Alert color="red" title="This invitation does not work" role="alert">
          {errorMessage(check.error, 'Please reload the page to try again.')}
        </Alert>
        <ButtonLink to="/login" fullWidth size="md" variant="default">
          Sign in
        </ButtonLink>
      </Stack>
    );
  }
  const invitation = check.data;
  return (
    <Stack>
      <Text size="lg" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {invitation.invited_by} invited you to join {invitation.company_name}
      </Text>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        As {invitation.role === 'owner' ? 'an owner' : 'a member'}, with the email{' '}
        <strong>{invitation.email}</strong>.
      </Text>
      {invitation.has_account ? (
        <AcceptWithAccount token={token} invitation={invitation} />
      ) : (
        <NewAccountForm token={token} invitation={invitation} />
      )}
    </Stack>
  );
}

/** After joining or accepting: nothing of whoever was signed in before stays in memory. */
function useSignedInAfterJoin(token: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (company: string) => {
    queryClient.removeQueries({
      predicate: (query) => query.queryKey[0] !== checkKey(token)[0],
    });
    showToast({ title: `Welcome to ${company}`, message: 'You are signed in.' });
    await navigate({ to: '/' });
  };
}

function NewAccountForm({ token, invitation }: { token: string; invitation: Invitation }) {
  const signedIn = useSignedInAfterJoin(token);
  const navigate = useNavigate();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: '', password: '' },
    validate: schemaResolver(joinFormSchema, { sync: true }),
  });
  const join = useMutation(
    trpc.team.join.mutationOptions({
      onSuccess: async (answer) => {
        if (answer.signed_in) {
          await signedIn(invitation.company_name);
          return;
        }
        showToast({
          title: `You joined ${invitation.company_name}`,
          message: 'Sign in with your new password and your authenticator code.',
        });
        await navigate({ to: '/login' });
      },
      onError: (error) =>
        showToast({
          title: 'Could not join',
          message: errorMessage(error, 'Please try again'),
          error: true,
        }),
    }),
  );
  return (
    <form noValidate onSubmit={form.onSubmit((values) => join.mutate({ token, ...values }))}>
      <Stack>
        {/* Password managers save the new password under the invited email. */}
        <input
          type="email"
          name="username"
          autoComplete="username"
          value={invitation.email}
          readOnly
          hidden
        />
        <TextInput
          label="Your name"
          description="As your team and your clients will see it"
          autoComplete="name"
          required
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <PasswordInput
          label="Password"
          description={form.errors.password ? undefined : 'At least 6 characters'}
          autoComplete="new-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={join.isPending} fullWidth size="md">
          Join
        </Button>
      </Stack>
    </form>
  );
}

function AcceptWithAccount({ token, invitation }: { token: string; invitation: Invitation }) {
  const user = useCurrentUser();
  const signedIn = useSignedInAfterJoin(token);
  const accept = useMutation(
    trpc.team.accept.mutationOptions({
      onSuccess: () => signedIn(invitation.company_name),
      onError: (error) =>
        showToast({
          title: 'Could not join',
          message: errorMessage(error, 'Please try again'),
          error: true,
        }),
    }),
  );
  if (user.isPending) return <PageLoading />;
  const me = user.data?.user;
  if (!me || me.email !== invitation.email) {
    return (
      <Stack>
        <Alert color="blue" title="You already have an account" role="status">
          {me
            ? `You are signed in as ${me.email}. Sign out, then sign in as ${invitation.email} and open this link again.`
            : `Sign in as ${invitation.email}, and you will come back here to join.`}
        </Alert>
        {!me && (
          <ButtonLink to="/login" search={{ redirect: `/join/${token}` }} fullWidth size="md">
            Sign in
          </ButtonLink>
        )}
      </Stack>
    );
  }
  return (
    <Stack>
      <Text size="sm">
        You are signed in as <strong>{me.email}</strong>. Joining moves you into{' '}
        {invitation.company_name}; the contracts of your current company stay with it, and the API
        keys you made there are revoked.
      </Text>
      <Button
        size="md"
        fullWidth
        loading={accept.isPending}
        onClick={() => accept.mutate({ token })}
      >
        Join {invitation.company_name}
      </Button>
    </Stack>
  );
}
