import { Eta } from 'eta';
import { appFilesDir } from '../../../lib/app-files.js';
import QRCode from 'qrcode';
import type { CertificateInput } from './types.js';
import { certificateView } from './view.js';

/**
 * eta templates rather than TS string building: the page is mostly markup and print CSS, and with
 * autoEscape every `<%= %>` is escaped by default, so a forgotten escape cannot happen silently;
 * raw output (`<%~ %>`) is only used for our own partials. These are our own templates, the use
 * docs/decisions/006 allows ("the signed copy"); no user-written template ever reaches eta.
 * All formatting happens in view.ts, so the templates hold no logic beyond ifs and loops.
 */
const eta = new Eta({
  views: appFilesDir('certificateViews'),
  autoEscape: true,
  cache: true,
});

/**
 * The signature certificate appended after the contract pages of the executed PDF: a complete,
 * standalone HTML document (embedded CSS, no scripts, nothing fetched) for the PDF renderer.
 */
export async function renderCertificateHtml(input: CertificateInput): Promise<string> {
  if (!input.verifyUrl) throw new Error('The certificate needs a verification URL');
  const qrSrc = await QRCode.toDataURL(input.verifyUrl, {
    errorCorrectionLevel: 'M',
    margin: 1,
    width: 160,
  });
  return eta.render('./certificate.html.eta', certificateView(input, qrSrc));
}
