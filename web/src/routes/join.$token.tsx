import { createFileRoute } from '@tanstack/react-router';
import { AuthCard } from '../features/auth/auth-card';
import { JoinInvite } from '../features/team/join-invite';

/** Opened from a team invitation mail: /join/<token> (the token is never logged, decision 041). */
export const Route = createFileRoute('/join/$token')({
  component: JoinPage,
});

function JoinPage() {
  const { token } = Route.useParams();
  return (
    <AuthCard title="Join your team" subtitle="Write, sign and send contracts with your company.">
      <JoinInvite token={token} />
    </AuthCard>
  );
}
