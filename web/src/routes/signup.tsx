import { Alert, Code, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { AuthCard } from '../features/auth/auth-card';
import { redirectWhenSignedIn } from '../features/auth/redirect-signed-in';
import { SignupForm } from '../features/auth/signup-form';
import { signupStatusQuery, useSignupStatus } from '../features/auth/use-signup-status';

export const Route = createFileRoute('/signup')({
  beforeLoad: ({ context }) => redirectWhenSignedIn(context.queryClient),
  // The page knows before it shows a form whether this server takes sign-ups (SIGNUP_MODE).
  loader: ({ context }) => context.queryClient.ensureQueryData(signupStatusQuery()),
  component: SignupPage,
});

const toSignIn = { text: 'Already have an account?', label: 'Sign in', to: '/login' } as const;

function SignupPage() {
  const status = useSignupStatus().data;
  if (status && !status.can_sign_up) {
    return (
      <AuthCard
        title="Sign-up is not open here"
        subtitle="This TradeSign server makes accounts by invitation."
        switchTo={toSignIn}
      >
        <Alert color="blue" icon={<IconLock aria-hidden />} title="You need an invitation">
          <Text size="sm">{withCommands(status.message ?? '')}</Text>
        </Alert>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Create your account"
      subtitle="Professional contracts your clients can sign from their phone."
      switchTo={toSignIn}
    >
      <SignupForm />
    </AuthCard>
  );
}

/** The server's sentence, a command in it (between backticks) set as code. */
function withCommands(message: string) {
  return message
    .split('`')
    .map((part, index) => (index % 2 === 1 ? <Code key={index}>{part}</Code> : part));
}
