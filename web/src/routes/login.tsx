import { Anchor, Text } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { optionalText } from '../lib/search-params';
import { AuthCard } from '../features/auth/auth-card';
import { redirectWhenSignedIn } from '../features/auth/redirect-signed-in';
import { LoginForm } from '../features/auth/login-form';
import { useSignupStatus } from '../features/auth/use-signup-status';

export const Route = createFileRoute('/login')({
  beforeLoad: ({ context }) => redirectWhenSignedIn(context.queryClient),
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({
    redirect: optionalText(search.redirect),
  }),
  component: LoginPage,
});

function LoginPage() {
  const { redirect } = Route.useSearch();
  // "Create an account" only where one can be made (SIGNUP_MODE), once the server has said so.
  const canSignUp = useSignupStatus().data?.can_sign_up === true;
  return (
    <AuthCard
      title="Sign in"
      subtitle="Write, sign and send contracts from the job site."
      switchTo={
        canSignUp ? { text: 'New to TradeSign?', label: 'Create an account', to: '/signup' } : null
      }
    >
      <LoginForm redirectTo={redirect} />
      <Text ta="center" size="sm" mt="md">
        <Anchor component={Link} to="/forgot-password">
          Forgot your password?
        </Anchor>
      </Text>
    </AuthCard>
  );
}
