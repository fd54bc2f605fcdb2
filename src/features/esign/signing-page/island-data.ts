import { SIGNER_NAME_MAX, type EsignView } from '../../../domain/esign.schemas.js';
import { DECLINE_REASON_MAX, DECLINE_REASON_MIN } from '../../../domain/follow-up.schemas.js';
import { messagesFor } from '../../../domain/i18n/catalogue.js';
import { signingWordsFor } from '../../../domain/i18n/signing-words.js';
import type { Language } from '../../../domain/i18n/languages.js';
import type { SigningIslandData } from '../../../domain/signing-island.js';
import { pageNotice } from './page-notice.js';
import { formatUsd } from '../../../domain/money.js';

/** The island's words and rules for this page, in its language (src/domain/signing-island.ts). */
export function islandDataFor(view: EsignView, language: Language): SigningIslandData {
  // A change order's island says "Sign Change Order", "Change Order Signed!" (issue 38).
  const words = signingWordsFor(language, view.change_order ? 'change-order' : 'contract');
  const most = DECLINE_REASON_MAX.toLocaleString('en-US');
  return {
    language,
    consentVersion: view.consent_version,
    consentSha256: view.consent_sha256,
    // The link's own signer: with several, not always the client of record (issue 37).
    signerName: {
      initial: view.signers.find((signer) => signer.you)?.name ?? view.client_name ?? '',
      most: SIGNER_NAME_MAX,
    },
    othersPending: othersPendingWords(view, language),
    decline: { least: DECLINE_REASON_MIN, most: DECLINE_REASON_MAX },
    deposit: view.payment_due
      ? {
          pay: messagesFor(language).payments.payDeposit(formatUsd(view.payment_due.amount_cents)),
          later: messagesFor(language).payments.payLater,
          laterNote: messagesFor(language).payments.payLaterNote,
        }
      : null,
    words: {
      agree: pageNotice(view, language).checkbox,
      signerNameLabel: words.signerName.label,
      signerNameDescription: words.signerName.description,
      signerNameMissing: words.signerName.missing,
      signerNameTooLong: words.signerName.tooLong(SIGNER_NAME_MAX),
      reload: words.refusals.reload,
      consentMissing: words.consentMissing,
      padLabel: words.pad.label,
      padHint: words.pad.hint,
      padClear: words.pad.clear,
      padEmpty: words.pad.empty,
      padSigned: words.pad.signed,
      signatureMissing: words.signatureMissing,
      signButton: words.signButton,
      signingButton: words.signingButton,
      toastSignedTitle: words.toast.signedTitle,
      toastSignedMessage: words.toast.signedMessage,
      toastErrorTitle: words.toast.errorTitle,
      toastErrorMessage: words.toast.errorMessage,
      toastDismiss: words.toast.dismiss,
      doneTitle: words.done.title,
      signerSignedNow: words.signers.signedNow,
      doneMessage: words.done.message,
      declineButton: words.decline.button,
      declineTitle: words.decline.title,
      declineIntro: words.decline.intro(view.company_name),
      declineReasonLabel: words.decline.reasonLabel,
      declineCounter: words.decline.counter('{count}', '{most}'),
      declineTooShort: words.decline.reasonTooShort(DECLINE_REASON_MIN),
      declineTooLong: words.decline.reasonTooLong(most),
      declineKeepReviewing: words.decline.keepReviewing,
      declineConfirm: words.decline.confirm,
      declining: words.decline.declining,
      declineFailed: words.decline.failed,
      declineBusy: words.decline.busy,
    },
  };
}

/** "Waiting for Alex Rivera and Sam Rivera to sign…", or null when nobody else signs. */
export function othersPendingWords(view: EsignView, language: Language): string | null {
  const words = messagesFor(language).signing.signers;
  const pending = view.signers
    .filter((signer) => !signer.you && signer.signed_at === null)
    .map((signer) => signer.name);
  return pending.length === 0 ? null : words.othersToSign(words.names(pending));
}
