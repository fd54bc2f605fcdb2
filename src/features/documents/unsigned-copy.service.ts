import { insertContractEvent } from '../audit-trail/contract-events.repo.js';
import { freezeContractDocument } from '../../domain/contract-document/index.js';
import { messagesFor } from '../../domain/i18n/catalogue.js';
import { languageOr } from '../../domain/i18n/languages.js';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../ports/app-deps.js';

import { clientWhyNot, esignRateLimits } from '../esign/esign.service.js';
import { resolveSigningLink, type SigningClient } from '../esign/signing-link-resolution.js';
import { linkFacts } from '../esign/signing-links.js';
import { VIEW_DEDUPE_WINDOW_MS } from '../esign/viewings.js';
import { enforceRateLimits, type RateLimitRule } from '../rate-limit/rate-limit.js';
import { CONTRACT_MAX_PAGES, RenderQueueFullError } from './pdf-renderer.js';

/**
 * Per address, on top of the signing page's own limit: a PDF costs a Chromium print, so a
 * homeowner gets a few downloads and a script hammering the link gets little of the one printer
 * that also seals signed contracts.
 */
export const unsignedCopyRateLimit = {
  limit: 10,
  windowMs: 10 * 60_000,
} satisfies RateLimitRule;

/** No PDF can be printed now: no Chromium on this server, or its queue is full (a 503). */
export class UnsignedCopyUnavailableError extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'UnsignedCopyUnavailableError';
  }
}

export type UnsignedCopyDeps = Pick<AppDeps, 'db' | 'config' | 'clock' | 'renderer'>;

type ResolvedLink = Awaited<ReturnType<typeof resolveSigningLink>>;

/**
 * The contract a client is asked to sign, as a PDF they can keep before signing (issue 32, UETA
 * §8): the frozen document exactly as the signing page shows it, every page marked as an unsigned
 * copy, and the download on the contract's timeline. Only while the link still takes a
 * signature; unknown links are the page's 404, closed or signed ones its sentence (a 409).
 */
export async function printUnsignedCopy(
  deps: UnsignedCopyDeps,
  token: string,
  client: SigningClient,
  now = deps.clock(),
): Promise<{ contractId: number; pdf: Buffer }> {
  const { db } = deps;
  await enforceRateLimits(
    db,
    [
      { key: `esign-view:ip:${client.ip}`, rule: esignRateLimits.view },
      { key: `esign-pdf:ip:${client.ip}`, rule: unsignedCopyRateLimit },
    ],
    now,
  );
  const { link, contract } = await resolveSigningLink(db, deps.config, token, now);
  if (contract.status !== 'sent' || contract.client_signed_at) {
    throw new AppError('CONFLICT', clientWhyNot(contract.status, contract));
  }
  const { document_language: documentLanguage } = await db
    .selectFrom('contracts')
    .select('document_language')
    .where('id', '=', contract.id)
    .executeTakeFirstOrThrow();
  // The reader's words for what they read alone (the 503); the marks on the pages in the
  // document's language, as the sealed copy's contract pages are (docs/decisions/032).
  const readerLanguage = languageOr(contract.language);
  const pageWords = messagesFor(documentLanguage ?? readerLanguage).certificate;
  const unavailable = messagesFor(readerLanguage).certificate.unsignedCopy;
  const renderer = deps.renderer;
  if (!renderer?.available) throw new UnsignedCopyUnavailableError(unavailable.unavailable);
  let pdf: Buffer;
  try {
    // The printer applies the whole document policy, as for the executed copy (docs/decisions/016).
    pdf = await renderer.render(freezeContractDocument(contract.template_html), {
      headerLabel: pageWords.unsignedCopy.mark,
      footerLabel: pageWords.unsignedCopy.footer(contract.id),
      pageWords: pageWords.footers,
      maxPages: CONTRACT_MAX_PAGES,
    });
  } catch (error) {
    if (error instanceof RenderQueueFullError) {
      throw new UnsignedCopyUnavailableError(unavailable.busy, 30);
    }
    throw error;
  }
  await recordDownload(deps, contract.id, link, client, now);
  return { contractId: contract.id, pdf };
}

/**
 * On the timeline, with the link it came through. A second fetch by the same device within the
 * viewing window (a browser asking twice, a double tap) is the same download, as for openings.
 */
async function recordDownload(
  deps: UnsignedCopyDeps,
  contractId: number,
  link: ResolvedLink['link'],
  client: SigningClient,
  now: Date,
): Promise<void> {
  const last = await deps.db
    .selectFrom('contract_events')
    .select(['at', 'ip', 'user_agent'])
    .where('contract_id', '=', contractId)
    .where('type', '=', 'unsigned_copy_downloaded')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const sameDevice = last?.ip === client.ip && last.user_agent === client.userAgent.slice(0, 500);
  if (sameDevice && now.getTime() - Date.parse(last.at) < VIEW_DEDUPE_WINDOW_MS) return;
  await insertContractEvent(deps.db, {
    contractId,
    type: 'unsigned_copy_downloaded',
    at: now.toISOString(),
    actor: 'client',
    ip: client.ip,
    userAgent: client.userAgent,
    details: { link: linkFacts(link) },
  });
}
