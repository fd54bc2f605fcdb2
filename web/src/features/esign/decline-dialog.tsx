import { Button, Loader, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { DECLINE_REASON_MAX, declineInputSchema } from '@domain/follow-up.schemas';
import { submitDecline } from './esign-api';

const FAILED = 'We could not send your answer. Please check your connection and try again.';
const BUSY = 'Too many attempts. Please wait a minute and try again.';
const MAX_SHOWN = DECLINE_REASON_MAX.toLocaleString('en-US');

export interface DeclineDialogProps {
  token: string;
  companyName: string | null;
  opened: boolean;
  onClose: () => void;
  /** Where focus goes after closing (Mantine cannot return it when mounted already open). */
  returnFocusTo: RefObject<HTMLElement | null>;
  onDeclined: (closedAt: string) => void;
  /** 409: signed, withdrawn or expired meanwhile; the page reloads and shows which. */
  onConflict: () => void;
  onLinkInvalid: () => void;
}

/**
 * "Decline this contract?" with the reason the contractor is emailed. Loaded on demand (see
 * decline-control.tsx). What was typed stays while the call fails and after closing.
 */
export function DeclineDialog(props: DeclineDialogProps) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const inFlight = useRef(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const length = reason.trim().length;

  const rejectReason = (message: string) => {
    setReasonError(message);
    textareaRef.current?.focus();
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // The dialog is portaled, but React still bubbles its submit to the signing form around it.
    event.stopPropagation();
    if (inFlight.current) return;
    const parsed = declineInputSchema.safeParse({ reason });
    if (!parsed.success) return rejectReason(parsed.error.issues[0]?.message ?? 'Invalid input');

    inFlight.current = true;
    setPending(true);
    setFailure(null);
    const outcome = await submitDecline(props.token, parsed.data.reason);
    inFlight.current = false;
    setPending(false);
    switch (outcome.kind) {
      case 'declined':
        return props.onDeclined(outcome.closedAt);
      case 'conflict':
        return props.onConflict();
      case 'invalid':
        return props.onLinkInvalid();
      case 'bad-input':
        return rejectReason(outcome.message);
      case 'failed':
        return setFailure(outcome.busy ? BUSY : FAILED);
    }
  };

  const close = () => {
    if (!inFlight.current) props.onClose();
  };

  return (
    <Modal
      opened={props.opened}
      onClose={close}
      returnFocus={false}
      onExitTransitionEnd={() => props.returnFocusTo.current?.focus()}
      title="Decline this contract?"
      closeButtonProps={{ 'aria-label': 'Close', disabled: pending }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm">
            Tell {props.companyName ?? 'the sender'} why, so they can change it or follow up. They
            will be emailed your reason.
          </Text>
          <Textarea
            ref={textareaRef}
            data-autofocus
            label="Your reason"
            required
            rows={4}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setReasonError(null);
            }}
            error={reasonError}
            description={`${length.toLocaleString('en-US')} / ${MAX_SHOWN} characters`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            styles={{
              description: {
                color: length > DECLINE_REASON_MAX ? 'var(--mantine-color-error)' : undefined,
              },
            }}
            readOnly={pending}
          />
          {failure ? (
            <Text size="sm" c="red" role="alert">
              {failure}
            </Text>
          ) : null}
          {/* Side by side where they fit; on a phone full width, Decline contract on top. */}
          <div
            style={{ display: 'flex', flexWrap: 'wrap-reverse', gap: 'var(--mantine-spacing-sm)' }}
          >
            <Button
              type="button"
              variant="default"
              onClick={close}
              disabled={pending}
              style={{ flex: '1 1 10rem' }}
            >
              Keep reviewing
            </Button>
            <Button
              type="submit"
              color="red"
              disabled={pending}
              leftSection={pending ? <Loader size="xs" color="currentColor" aria-hidden /> : null}
              style={{ flex: '1 1 10rem' }}
            >
              {pending ? 'Declining...' : 'Decline contract'}
            </Button>
          </div>
        </Stack>
      </form>
    </Modal>
  );
}
