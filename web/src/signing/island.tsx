import { StrictMode, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { createRoot } from 'react-dom/client';
import {
  SIGNING_CONSENT_ELEMENT_ID,
  SIGNING_DATA_ELEMENT_ID,
  SIGNING_ISLAND_ELEMENT_ID,
  SIGNING_STATUS_ELEMENT_ID,
  type SigningIslandData,
} from '@domain/signing-island';
import { SigningForm } from './signing-form';
import { signingUrlOf } from './signing-api';
import { Toast, useToast } from './toast';

/*
 * The one interactive part of the signing page (issue 20): the consent box, the pad, Sign
 * Contract, Decline, the toasts and the done state, rendered into its place on a contract
 * awaiting signature. Loaded by main.ts once the page has painted. React only: no Mantine,
 * router, tRPC or zod (docs/decisions/028).
 */
const island = document.getElementById(SIGNING_ISLAND_ELEMENT_ID);
const dataElement = document.getElementById(SIGNING_DATA_ELEMENT_ID);
const status = document.getElementById(SIGNING_STATUS_ELEMENT_ID);
if (island && dataElement && status) {
  const data = JSON.parse(dataElement.textContent ?? '{}') as SigningIslandData;
  createRoot(island).render(
    <StrictMode>
      <SigningIsland data={data} status={status} />
    </StrictMode>,
  );
}

function SigningIsland({ data, status }: { data: SigningIslandData; status: HTMLElement }) {
  const { toast, show, dismiss } = useToast();
  // Null until signed; then whether this was the last signature the contract needed.
  const [signed, setSigned] = useState<{ contractSigned: boolean } | null>(null);
  const url = signingUrlOf(location.pathname);

  return (
    <>
      {signed ? (
        createPortal(<DonePanel data={data} contractSigned={signed.contractSigned} />, status)
      ) : (
        <SigningForm
          data={data}
          url={url}
          showToast={show}
          onSigned={(contractSigned) => setSigned({ contractSigned })}
          // The server's page says what happened: declined, signed elsewhere, withdrawn...
          onSettled={() => location.reload()}
        />
      )}
      <Toast toast={toast} onDismiss={dismiss} dismissLabel={data.words.toastDismiss} />
    </>
  );
}

/**
 * 'Contract Signed!' at the top of the page; the consent text, no longer asked, goes away. A
 * deposit due at signing is offered here (issue 36): a plain form, so the server sends the
 * browser on to Stripe's Checkout; "Pay later" folds the offer into where to find it again.
 */
function DonePanel({ data, contractSigned }: { data: SigningIslandData; contractSigned: boolean }) {
  // With other signers still to sign (issue 37), the deposit waits for the last signature.
  const deposit = contractSigned ? data.deposit : null;
  const [later, setLater] = useState(false);
  useEffect(() => {
    document.getElementById(SIGNING_CONSENT_ELEMENT_ID)?.setAttribute('hidden', '');
    scrollTo({ top: 0 });
    document.getElementById('signed-title')?.focus({ preventScroll: true });
  }, []);
  const signedNow = data.words.signerSignedNow;
  useEffect(() => {
    // "Who signs" (issue 37): the signer's own line says they signed, without a reload.
    const own = document.querySelector('[data-signer-you] [data-signer-status]');
    if (!own) return;
    own.textContent = signedNow;
    own.classList.remove('dimmed');
  }, [signedNow]);
  return (
    <section className="done" aria-labelledby="signed-title">
      <span className="done-icon" aria-hidden="true">
        ✓
      </span>
      <h1 id="signed-title" tabIndex={-1}>
        {data.words.doneTitle}
      </h1>
      <p>
        {contractSigned ? data.words.doneMessage : (data.othersPending ?? data.words.doneMessage)}
      </p>
      {deposit && !later && (
        <>
          <form className="deposit-offer" method="post" action={`${location.pathname}/pay`}>
            <button type="submit" className="button button-primary button-large">
              {deposit.pay}
            </button>
          </form>
          <button type="button" className="button button-subtle" onClick={() => setLater(true)}>
            {deposit.later}
          </button>
        </>
      )}
      {deposit && <p className="small dimmed">{deposit.laterNote}</p>}
    </section>
  );
}
