import { useId, useRef, useState, type FormEvent } from 'react';
import type { SigningIslandData } from '@domain/signing-island';
import { describeFailure, SIGNING_FAILURE_WORDS } from '../lib/failure-words';
import { useStillWorking } from '../lib/use-still-working';
import { DeclineDialog } from './decline-dialog';
import { SignaturePadField } from './signature-pad';
import { SignerNameField } from './signer-name-field';
import { submitSignature } from './signing-api';
import type { ToastMessage } from './toast';

type FieldErrors = { consent?: string; signerName?: string; signature?: string };

/**
 * The consent box, the signer's name, the pad, Sign Contract and Decline to sign: the only part
 * of the signing page that needs script. Everything to read (banner, contract, the ESIGN notice)
 * is the server's HTML.
 */
export function SigningForm(props: {
  data: SigningIslandData;
  url: string;
  showToast: (toast: ToastMessage) => void;
  onSigned: (contractSigned: boolean) => void;
  /** The contract changed meanwhile (409, 404) or was declined: show the server's state. */
  onSettled: () => void;
}) {
  const { words } = props.data;
  const [signature, setSignature] = useState<string | null>(null);
  const [consented, setConsented] = useState(false);
  const [signerName, setSignerName] = useState(props.data.signerName.initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  /** The server's sentence when the notice changed since the page showed it. */
  const [consentChanged, setConsentChanged] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  /** Guards against a second tap landing before the disabled button renders. */
  const inFlight = useRef(false);
  const checkboxRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const padRef = useRef<HTMLDivElement>(null);
  const consentErrorId = useId();
  const failureWords = SIGNING_FAILURE_WORDS[props.data.language];
  const late = useStillWorking(pending);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    const name = signerName.replace(/\s+/g, ' ').trim();
    const found: FieldErrors = {
      consent: consented ? undefined : words.consentMissing,
      signerName: !name
        ? words.signerNameMissing
        : name.length > props.data.signerName.most
          ? words.signerNameTooLong
          : undefined,
      signature: signature ? undefined : words.signatureMissing,
    };
    if (!signature || found.consent || found.signerName) {
      setErrors(found);
      // The first problem in page order: the consent box, the name, then the pad.
      if (found.consent) checkboxRef.current?.focus();
      else if (found.signerName) nameRef.current?.focus();
      else padRef.current?.scrollIntoView({ block: 'center' });
      return;
    }
    inFlight.current = true;
    setPending(true);
    const outcome = await submitSignature(props.url, {
      signature,
      signerName: name,
      consentVersion: props.data.consentVersion,
      consentSha256: props.data.consentSha256,
      language: props.data.language,
    });
    inFlight.current = false;
    setPending(false);
    switch (outcome.kind) {
      case 'signed':
        props.showToast({ title: words.toastSignedTitle, message: words.toastSignedMessage });
        return props.onSigned(outcome.contractSigned);
      case 'conflict':
        return props.onSettled();
      case 'consent-changed':
        // Reloading on its own would hide why: the notice above is not the one to agree to.
        return setConsentChanged(outcome.message || words.toastErrorMessage);
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
        <SignerNameField
          ref={nameRef}
          words={{ label: words.signerNameLabel, description: words.signerNameDescription }}
          value={signerName}
          most={props.data.signerName.most}
          disabled={pending}
          error={errors.signerName ?? null}
          onChange={(value) => {
            setSignerName(value);
            if (value.trim()) setErrors((current) => ({ ...current, signerName: undefined }));
          }}
        />
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
        {consentChanged ? (
          <div className="alert stack" role="alert">
            <p>{consentChanged}</p>
            <button
              type="button"
              className="button button-default"
              onClick={() => location.reload()}
            >
              {words.reload}
            </button>
          </div>
        ) : null}
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
