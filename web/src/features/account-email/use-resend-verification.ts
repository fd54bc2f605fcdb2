import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

/** "Resend the link": a new verification mail (the older link stops working), 3 an hour. */
export function useResendVerification() {
  return useMutation(
    trpc.auth.resendVerification.mutationOptions({
      onSuccess: (answer) => {
        showToast({
          title: 'Link sent',
          message: `We sent a new link to ${answer.sent_to}. It works for 48 hours.`,
        });
      },
      onError: (error) => {
        showToast({
          title: 'No new link yet',
          message: errorMessage(error, 'Could not send the link'),
          error: true,
        });
      },
    }),
  );
}
