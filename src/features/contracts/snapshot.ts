import { createHash } from 'node:crypto';
import type { DbOrTrx } from '../../db/kysely.js';
import { freezeContractDocument } from '../../domain/contract-document/index.js';
import type { Language } from '../../domain/i18n/languages.js';
import { renderContract } from '../../domain/contract-render.js';
import type { ContractTemplateData } from '../../domain/template-data.js';
import { AppError } from '../../lib/app-error.js';
import { LOGO_URL_PREFIX, readLogo } from '../prefs/logo.service.js';

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * Renders a contract document and freezes it under the document policy: the result is what the
 * client is shown, what the hash covers and what the printer prints (docs/decisions/016). Dates
 * are printed in the contract's language, as the wizard previewed them (docs/decisions/029). A
 * home sale ends with the Notice of Cancellation, dated on the company's clock (`timeZone`) once
 * the client has signed. A template that cannot render is the contractor's to fix.
 */
export function renderContractDocument(
  source: string,
  data: ContractTemplateData,
  language: Language,
  timeZone: string | null = null,
): string {
  const rendered = renderContract(source, data, { language, timeZone });
  if (!rendered.ok) {
    const problem = rendered.problems[0];
    throw new AppError(
      'BAD_REQUEST',
      `The default template cannot be filled in${problem ? ` (line ${problem.line}: ${problem.message})` : ''}`,
    );
  }
  return freezeContractDocument(rendered.html);
}

/**
 * The logo as a data URL, so the signed document is self-contained and never depends on a file
 * that can later change or disappear (docs/decisions/007).
 */
export async function logoDataUrl(db: DbOrTrx, logoPath: string | null): Promise<string | null> {
  if (!logoPath?.startsWith(LOGO_URL_PREFIX)) return null;
  const logo = await readLogo(db, logoPath.slice(LOGO_URL_PREFIX.length));
  return logo
    ? `data:${logo.content_type};base64,${Buffer.from(logo.bytes).toString('base64')}`
    : null;
}
