import { withCancellationNotice } from './cancellation-notice/index.js';
import type { Language } from './i18n/languages.js';
import type { ContractTemplateData } from './template-data.js';
import { renderTemplate, type RenderResult } from './template-engine/index.js';

/**
 * A contract's document before the document policy: the contractor's template filled in, then
 * what the system adds whatever the template (the Notice of Cancellation of a home sale). The
 * wizard's preview, the frozen copy and the signed copy all render through here, so none of them
 * can differ from another (docs/decisions/016).
 */
export function renderContract(
  source: string,
  data: ContractTemplateData,
  options: {
    /** The document's language: its dates and the notice's words. */
    language: Language;
    /**
     * The company's zone: every date of an instant (the signatures, the day the client signed)
     * is the day on its clock (UTC without).
     */
    timeZone?: string | null;
  },
): RenderResult {
  const rendered = renderTemplate(source, data, {
    language: options.language,
    timeZone: options.timeZone ?? null,
  });
  return rendered.ok
    ? { ok: true, html: withCancellationNotice(rendered.html, data, options) }
    : rendered;
}
