import { createFileRoute } from '@tanstack/react-router';
import { VerifyEmailPage } from '../features/account-email/verify-email-page';

/* Public, signed in or out: the link in the sign-up mail of an open server (issue 34). */
export const Route = createFileRoute('/verify-email/$token')({
  component: VerifyEmailRoute,
});

function VerifyEmailRoute() {
  const { token } = Route.useParams();
  return <VerifyEmailPage token={token} />;
}
