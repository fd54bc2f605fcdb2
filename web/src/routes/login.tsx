import { Anchor, Text } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { optionalText } from '../lib/search-params';
import { AuthCard } from '../features/auth/auth-card';
import { redirectWhenSignedIn } from '../features/auth/redirect-signed-in';
import { LoginForm } from '../features/auth/login-form';

export const Route = createFileRoute('/login')({
  beforeLoad: ({ context }) => redirectWhenSignedIn(context.queryClient),
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({
    redirect: optionalText(search.redirect),
  }),
  component: LoginPage,
});

function LoginPage() {
  const { redirect } = Route.useSearch();
  return (
    <AuthCard
      title="Sign in"
      subtitle="Write, sign and send contracts from the job site."
      switchText="New to TradeSign?"
      switchLabel="Create an account"
      switchTo="/signup"
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
