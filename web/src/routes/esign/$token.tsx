import { createFileRoute } from '@tanstack/react-router';
import { ScreenInProgress } from '../../components/screen-in-progress';

export const Route = createFileRoute('/esign/$token')({
  component: SigningPage,
});

function SigningPage() {
  return (
    <ScreenInProgress title="Secure Contract Signature" subtitle="Review and sign your contract" />
  );
}
