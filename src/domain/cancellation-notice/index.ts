/**
 * The FTC Cooling-Off Rule's paperwork for a sale made at the client's home or away from the
 * contractor's place of business (16 CFR 429.1). The contractor says so in the wizard
 * (`contracts.home_sale`); templates then see `contract.home_sale` and place the rule's
 * statement by the client's signature (both presets do), and every contract, whatever its
 * template, ends with the two-copy Notice of Cancellation. Pure: the wizard's preview runs it too.
 */
import { defaultTreeAdapter, parse, parseFragment, serialize } from 'parse5';
import type { DefaultTreeAdapterTypes } from 'parse5';
import { calendarDateIn } from '../business-days.js';
import type { Language } from '../i18n/languages.js';
import type { ContractTemplateData } from '../template-data.js';
import { clientsSignedAt } from '../template-signers.js';
import { cancellationNoticeHtml } from './notice-html.js';

export { CANCELLATION_NOTICE_CLASS, cancellationNoticeHtml } from './notice-html.js';
export type { CancellationNoticeFacts } from './notice-html.js';
export { CANCELLATION_WORDS } from './words.js';

const PARSE_OPTIONS = { scriptingEnabled: false } as const;

function findBody(
  node: DefaultTreeAdapterTypes.ParentNode,
): DefaultTreeAdapterTypes.Element | undefined {
  for (const child of node.childNodes) {
    if (!('tagName' in child)) continue;
    if (child.tagName === 'body') return child;
    const found = findBody(child);
    if (found) return found;
  }
  return undefined;
}

/**
 * The document with a section appended as the last child of its body, whatever the template
 * left open: appending to the text instead would put the section inside an unclosed `<div>`
 * or `<b>` of the template.
 */
export function appendToDocumentBody(documentHtml: string, sectionHtml: string): string {
  const document = parse(documentHtml, PARSE_OPTIONS);
  const body = findBody(document);
  if (!body) return documentHtml + sectionHtml;
  const fragment = parseFragment(sectionHtml, PARSE_OPTIONS);
  for (const node of [...fragment.childNodes]) {
    defaultTreeAdapter.detachNode(node);
    defaultTreeAdapter.appendChild(body, node);
  }
  return serialize(document);
}

/**
 * A rendered contract with the Notice of Cancellation as its last page when it is a home sale;
 * unchanged otherwise. Once the clients have signed, the form carries the date they signed (the
 * last of them, issue 37) on the company's clock (UTC without one) and the deadline counted from it.
 */
export function withCancellationNotice(
  renderedHtml: string,
  data: ContractTemplateData,
  options: { language: Language; timeZone?: string | null },
): string {
  if (data.contract.home_sale !== true) return renderedHtml;
  const signedAt = clientsSignedAt(data);
  return appendToDocumentBody(
    renderedHtml,
    cancellationNoticeHtml({
      language: options.language,
      seller: { name: data.company.name, address: data.company.address },
      transactionDate: signedAt ? calendarDateIn(signedAt, options.timeZone) : null,
    }),
  );
}
