import { createFileRoute } from '@tanstack/react-router';
import { ScreenInProgress } from '../../components/screen-in-progress';

export const Route = createFileRoute('/_authed/wizard')({
  component: WizardPage,
});

function WizardPage() {
  return (
    <ScreenInProgress
      title="New Contract"
      subtitle="Scope, client, payment, preview, sign and send"
    />
  );
}
