import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { SigningIslandData } from '@domain/signing-island';
import { DECLINE_FAILURE_WORDS, describeFailure } from '../lib/failure-words';
import { useStillWorking } from '../lib/use-still-working';
import { submitDecline } from './signing-api';

/**
 * "Decline this contract?" in the browser's own modal <dialog>: focus stays inside, Escape
 * closes it and focus returns to the button that opened it, with no dialog library. What was
 * typed stays while a call fails and after closing.
 */
export function DeclineDialog(props: {
  data: SigningIslandData;
  url: string;
  disabled: boolean;
  /** Declined, or the contract changed meanwhile: the page shows the server's state. */
  onSettled: () => void;
}) {
  const { words, decline } = props.data;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const length = reason.trim().length;
  const late = useStillWorking(pending);
  const failureWords = DECLINE_FAILURE_WORDS[props.data.language];

  useEffect(() => {
    const dialog = dialogRef.current;
    // Escape while the answer is on its way would hide a dialog that is about to change the page.
    const holdWhilePending = (event: Event) => pending && event.preventDefault();
    dialog?.addEventListener('cancel', holdWhilePending);
    return () => dialog?.removeEventListener('cancel', holdWhilePending);
  }, [pending]);

  const refuse = (message: string) => {
    setReasonError(message);
    textareaRef.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (length < decline.least) return refuse(words.declineTooShort);
    if (length > decline.most) return refuse(words.declineTooLong);
    setPending(true);
    setFailure(null);
    const outcome = await submitDecline(props.url, reason.trim(), props.data.language);
    setPending(false);
    switch (outcome.kind) {
      case 'bad-input':
        return refuse(outcome.message || words.declineTooShort);
      case 'failed':
        // The page's own sentences where they fit (no connection, too many tries).
        if (outcome.failure.kind === 'offline') return setFailure(words.declineFailed);
        if (outcome.failure.kind === 'busy' && outcome.failure.retryAfterSeconds === null) {
          return setFailure(words.declineBusy);
        }
        return setFailure(describeFailure(outcome.failure, failureWords));
      default:
        return props.onSettled();
    }
  };

  const counter = words.declineCounter
    .replace('{count}', length.toLocaleString('en-US'))
    .replace('{most}', decline.most.toLocaleString('en-US'));

  return (
    <>
      <button
        type="button"
        className="button button-subtle"
        disabled={props.disabled}
        aria-haspopup="dialog"
        onClick={() => {
          const dialog = dialogRef.current;
          // Safari before 15.4 has no modal dialogs: the dialog still opens, in the page.
          if (typeof dialog?.showModal === 'function') dialog.showModal();
          else dialog?.setAttribute('open', '');
          textareaRef.current?.focus();
        }}
      >
        {words.declineButton}
      </button>
      <dialog ref={dialogRef} className="dialog" aria-labelledby="decline-title">
        <form onSubmit={(event) => void submit(event)} noValidate className="stack">
          <h2 id="decline-title" className="dialog-title">
            {words.declineTitle}
          </h2>
          <p className="small">{words.declineIntro}</p>
          <div className="field">
            <label htmlFor="decline-reason" className="label">
              {words.declineReasonLabel} <span aria-hidden="true">*</span>
            </label>
            <textarea
              ref={textareaRef}
              id="decline-reason"
              rows={4}
              required
              value={reason}
              readOnly={pending}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby="decline-counter decline-error"
              onChange={(event) => {
                setReason(event.currentTarget.value);
                setReasonError(null);
              }}
            />
            <p
              id="decline-counter"
              className="description"
              data-over={length > decline.most || undefined}
            >
              {counter}
            </p>
            <p id="decline-error" className="error" role="alert">
              {reasonError}
            </p>
          </div>
          {failure ? (
            <p className="error" role="alert">
              {failure}
            </p>
          ) : null}
          <p className="small" role="status" aria-live="polite">
            {late ? failureWords.stillWorking : null}
          </p>
          <div className="dialog-actions">
            <button
              type="button"
              className="button button-default"
              disabled={pending}
              onClick={() => {
                const dialog = dialogRef.current;
                if (typeof dialog?.close === 'function') dialog.close();
                else dialog?.removeAttribute('open');
              }}
            >
              {words.declineKeepReviewing}
            </button>
            <button type="submit" className="button button-danger" disabled={pending}>
              {pending ? <span className="spinner" aria-hidden="true" /> : null}
              {pending ? words.declining : words.declineConfirm}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
