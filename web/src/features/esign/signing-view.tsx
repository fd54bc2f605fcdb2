import { Button, Loader, Stack, Title } from '@mantine/core';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ContractFrame } from '../../components/contract-frame';
import { SignatureField } from '../../components/signature-pad/signature-field';
import { showToast } from '../../lib/toast';
import { ConsentSection } from './consent-section';
import { DeclineControl } from './decline-control';
import { submitSignature, type EsignView } from './esign-api';
import { SigningBanner } from './signing-banner';

export interface SigningViewProps {
  token: string;
  view: EsignView;
  onSigned: (clientSignedAt: string) => void;
  onDeclined: (closedAt: string) => void;
  /**
   * 409: signed first elsewhere, or declined, withdrawn or expired meanwhile; the page reloads
   * and shows which.
   */
  onConflict: () => void;
  /** 404: the link is gone. */
  onLinkInvalid: () => void;
}

const SIGNATURE_MISSING = 'Please sign above';
const CONSENT_MISSING = 'Please agree to sign electronically';

/** Banner, contract review, consent, signature pad, Sign Contract and Decline to sign. */
export function SigningView({
  token,
  view,
  onSigned,
  onDeclined,
  onConflict,
  onLinkInvalid,
}: SigningViewProps) {
  const [signature, setSignature] = useState<string | null>(null);
  const [consented, setConsented] = useState(false);
  const [errors, setErrors] = useState<{ signature?: string; consent?: string }>({});
  const [pending, setPending] = useState(false);
  /** Guards against a second tap landing before the disabled button renders. */
  const inFlight = useRef(false);
  const checkboxRef = useRef<HTMLInputElement>(null);
  const padRef = useRef<HTMLDivElement>(null);
  const reviewHeadingId = useId();

  const handleSignature = (value: string | null) => {
    setSignature(value);
    if (value) setErrors((current) => ({ ...current, signature: undefined }));
  };
  const handleConsent = (checked: boolean) => {
    setConsented(checked);
    if (checked) setErrors((current) => ({ ...current, consent: undefined }));
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    if (!signature || !consented) {
      setErrors({
        signature: signature ? undefined : SIGNATURE_MISSING,
        consent: consented ? undefined : CONSENT_MISSING,
      });
      // The first problem in page order: the consent box sits above the pad.
      if (!consented) checkboxRef.current?.focus();
      else padRef.current?.scrollIntoView({ block: 'center' });
      return;
    }

    inFlight.current = true;
    setPending(true);
    const outcome = await submitSignature(token, signature);
    inFlight.current = false;
    setPending(false);
    switch (outcome.kind) {
      case 'signed':
        showToast({
          title: 'Contract signed successfully!',
          message: 'You will receive a copy via email',
        });
        onSigned(outcome.clientSignedAt);
        break;
      case 'conflict':
        onConflict();
        break;
      case 'invalid':
        showToast({ title: 'Error signing contract', message: 'Please try again', error: true });
        onLinkInvalid();
        break;
      case 'failed':
        // Signature and consent stay as they were, so trying again is one tap.
        showToast({ title: 'Error signing contract', message: 'Please try again', error: true });
        break;
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack gap="xl">
        <SigningBanner view={view} />
        <Stack component="section" gap="sm" aria-labelledby={reviewHeadingId}>
          <Title order={2} size="h4" id={reviewHeadingId}>
            Review your contract
          </Title>
          <ContractFrame html={view.template_html} title="Contract" height="70vh" fitContent />
        </Stack>
        <ConsentSection
          checked={consented}
          onChange={handleConsent}
          error={errors.consent}
          disabled={pending}
          checkboxRef={checkboxRef}
        />
        <div ref={padRef}>
          <SignatureField
            label="Sign below to accept"
            hint="Sign here"
            value={signature}
            onChange={handleSignature}
            disabled={pending}
            error={errors.signature}
          />
        </div>
        <Button
          type="submit"
          size="lg"
          fullWidth
          disabled={pending}
          leftSection={pending ? <Loader size="sm" color="currentColor" aria-hidden /> : null}
        >
          {pending ? 'Signing...' : 'Sign Contract'}
        </Button>
        <DeclineControl
          token={token}
          companyName={view.company_name}
          disabled={pending}
          onDeclined={onDeclined}
          onConflict={onConflict}
          onLinkInvalid={onLinkInvalid}
        />
      </Stack>
    </form>
  );
}
