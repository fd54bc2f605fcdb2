import { createFileRoute } from '@tanstack/react-router';
import { AuthCard } from '../features/auth/auth-card';
import { ResetPasswordForm } from '../features/auth/reset-password-form';

/** Opened from the reset mail: /reset-password/<token> (the token is never logged, decision 041). */
export const Route = createFileRoute('/reset-password/$token')({
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { token } = Route.useParams();
  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Use one you use nowhere else."
      switchTo={{ text: 'Remembered it?', label: 'Sign in', to: '/login' }}
    >
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
