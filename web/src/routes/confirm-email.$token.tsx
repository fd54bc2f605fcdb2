import { createFileRoute } from '@tanstack/react-router';
import { ConfirmEmailPage } from '../features/account-email/confirm-email-page';

/* Public, signed in or out: the link mailed to a new sign-in address (issue 34). */
export const Route = createFileRoute('/confirm-email/$token')({
  component: ConfirmEmailRoute,
});

function ConfirmEmailRoute() {
  const { token } = Route.useParams();
  return <ConfirmEmailPage token={token} />;
}
