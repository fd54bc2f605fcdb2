import { messagesFor } from '../../domain/i18n/catalogue.js';
import { languageOr } from '../../domain/i18n/languages.js';
import { AppError } from '../../lib/app-error.js';
import { checkoutForStage } from '../payments/checkout.service.js';
import { depositDueOf } from '../payments/deposit.js';
import { enforceRateLimits } from '../rate-limit/rate-limit.js';
import { esignRateLimits } from './esign.service.js';
import {
  resolveSigningLink,
  type EsignDeps,
  type SigningClient,
} from './signing-link-resolution.js';

/** Where Stripe sends the client back: their signing link, told how it went (issue 36). */
export function depositReturnUrls(publicUrl: string, token: string) {
  const page = `${publicUrl}/esign/${encodeURIComponent(token)}`;
  return { success: `${page}?paid={CHECKOUT_SESSION_ID}`, cancel: `${page}?paid=canceled` };
}

/**
 * The deposit due at signing, paid through the signing link once the client has signed (issue
 * 36): Stripe's Checkout page for it. "Pay later" leaves the link working for the days a signed
 * contract's link stays readable.
 */
export async function payDepositByLink(
  deps: EsignDeps,
  token: string,
  client: SigningClient,
): Promise<{ url: string }> {
  const now = deps.clock();
  await enforceRateLimits(
    deps.db,
    [{ key: `esign-pay:ip:${client.ip}`, rule: esignRateLimits.sign }],
    now,
  );
  const { contract } = await resolveSigningLink(deps.db, deps.config, token, now);
  const language = languageOr(contract.language);
  const words = messagesFor(language).payments;
  if (!contract.client_signed_at) throw new AppError('CONFLICT', words.signFirst);
  const due = await depositDueOf(deps.db, contract);
  if (!due) throw new AppError('CONFLICT', words.alreadyPaid);
  return checkoutForStage(
    deps,
    { ...contract, language },
    due.stage,
    depositReturnUrls(deps.config.PUBLIC_URL, token),
  );
}
