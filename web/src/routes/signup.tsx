import { createFileRoute } from '@tanstack/react-router';
import { AuthCard } from '../features/auth/auth-card';
import { redirectWhenSignedIn } from '../features/auth/redirect-signed-in';
import { SignupForm } from '../features/auth/signup-form';

export const Route = createFileRoute('/signup')({
  beforeLoad: ({ context }) => redirectWhenSignedIn(context.queryClient),
  component: SignupPage,
});

function SignupPage() {
  return (
    <AuthCard
      title="Create your account"
      subtitle="Professional contracts your clients can sign from their phone."
      switchText="Already have an account?"
      switchLabel="Sign in"
      switchTo="/login"
    >
      <SignupForm />
    </AuthCard>
  );
}
