import { useId, useRef, useState, type FormEvent } from 'react';
import type { SigningIslandData } from '@domain/signing-island';
import { describeFailure, SIGNING_FAILURE_WORDS } from '../lib/failure-words';
import { useStillWorking } from '../lib/use-still-working';
import { DeclineDialog } from './decline-dialog';
import { SignaturePadField } from './signature-pad';
import { submitSignature } from './signing-api';
import type { ToastMessage } from './toast';

/**
 * The consent box, the pad, Sign Contract and Decline to sign: the only part of the signing page
 * that needs script. Everything to read (banner, contract, disclosure) is the server's HTML.
 */
export function SigningForm(props: {
  data: SigningIslandData;
  url: string;
  showToast: (toast: ToastMessage) => void;
  onSigned: () => void;
  /** The contract changed meanwhile (409, 404) or was declined: show the server's state. */
  onSettled: () => void;
}) {
  const { words } = props.data;
  const [signature, setSignature] = useState<string | null>(null);
  const [consented, setConsented] = useState(false);
  const [errors, setErrors] = useState<{ signature?: string; consent?: string }>({});
  const [pending, setPending] = useState(false);
  /** Guards against a second tap landing before the disabled button renders. */
  const inFlight = useRef(false);
  const checkboxRef = useRef<HTMLInputElement>(null);
  const padRef = useRef<HTMLDivElement>(null);
  const consentErrorId = useId();
  const failureWords = SIGNING_FAILURE_WORDS[props.data.language];
  const late = useStillWorking(pending);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    if (!signature || !consented) {
      setErrors({
        signature: signature ? undefined : words.signatureMissing,
        consent: consented ? undefined : words.consentMissing,
      });
      // The first problem in page order: the consent box sits above the pad.
      if (!consented) checkboxRef.current?.focus();
      else padRef.current?.scrollIntoView({ block: 'center' });
      return;
    }
    inFlight.current = true;
    setPending(true);
    const outcome = await submitSignature(props.url, {
      signature,
      consentVersion: props.data.consentVersion,
      language: props.data.language,
    });
    inFlight.current = false;
    setPending(false);
    switch (outcome.kind) {
      case 'signed':
        props.showToast({ title: words.toastSignedTitle, message: words.toastSignedMessage });
        return props.onSigned();
      case 'conflict':
        return props.onSettled();
      case 'invalid':
        props.showToast({
          title: words.toastErrorTitle,
          message: words.toastErrorMessage,
          error: true,
        });
        return props.onSettled();
      case 'failed':
        // The spec's title, and what happened and what to do by cause. Signature and consent
        // stay as they were, so trying again is one tap.
        return props.showToast({
          title: words.toastErrorTitle,
          message: describeFailure(outcome.failure, failureWords),
          error: true,
        });
    }
  };

  // Two siblings, not one form: the decline dialog has a form of its own, and forms do not nest.
  return (
    <div className="stack">
      <form onSubmit={(event) => void submit(event)} noValidate className="stack">
        <div className="field">
          <label className="checkbox">
            <input
              ref={checkboxRef}
              type="checkbox"
              checked={consented}
              disabled={pending}
              aria-invalid={errors.consent ? true : undefined}
              aria-describedby={errors.consent ? consentErrorId : undefined}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setConsented(checked);
                if (checked) setErrors((current) => ({ ...current, consent: undefined }));
              }}
            />
            <span>{words.agree}</span>
          </label>
          {errors.consent ? (
            <p id={consentErrorId} className="error" role="alert">
              {errors.consent}
            </p>
          ) : null}
        </div>
        <div ref={padRef}>
          <SignaturePadField
            words={{
              label: words.padLabel,
              hint: words.padHint,
              clear: words.padClear,
              empty: words.padEmpty,
              signed: words.padSigned,
            }}
            disabled={pending}
            error={errors.signature ?? null}
            onChange={(value) => {
              setSignature(value);
              if (value) setErrors((current) => ({ ...current, signature: undefined }));
            }}
          />
        </div>
        <button type="submit" className="button button-primary button-large" disabled={pending}>
          {pending ? <span className="spinner" aria-hidden="true" /> : null}
          {pending ? words.signingButton : words.signButton}
        </button>
        <p className="small" role="status" aria-live="polite">
          {late ? failureWords.stillWorking : null}
        </p>
      </form>
      <DeclineDialog
        data={props.data}
        url={props.url}
        disabled={pending}
        onSettled={props.onSettled}
      />
    </div>
  );
}
