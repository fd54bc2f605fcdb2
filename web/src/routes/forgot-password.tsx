import { createFileRoute } from '@tanstack/react-router';
import { AuthCard } from '../features/auth/auth-card';
import { ForgotPasswordForm } from '../features/auth/forgot-password-form';

export const Route = createFileRoute('/forgot-password')({
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="We will email you a link to choose a new one."
      switchTo={{ text: 'Remembered it?', label: 'Sign in', to: '/login' }}
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
