import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Set to true by the release bundler (scripts/release): the code then runs as one file at the top
 * of the release's app/ folder instead of from the source tree. Undefined in the source tree.
 */
declare const TRADESIGN_BUNDLED: boolean | undefined;

export const isBundled = typeof TRADESIGN_BUNDLED !== 'undefined' && TRADESIGN_BUNDLED;

/**
 * The files the server reads at run time besides its code, by where they are in the source tree
 * and where the release puts them (docs/decisions/030). The release script copies each source
 * folder to its release place, so the two columns cannot drift apart.
 */
export const appFileLayout = {
  /** The built web app (web/signing.html included). */
  webDist: { source: 'web/dist', release: 'web' },
  mailViews: { source: 'src/features/mail/templates', release: 'views/mail' },
  certificateViews: { source: 'src/features/documents/certificate', release: 'views/certificate' },
  signingPageViews: { source: 'src/features/esign/signing-page', release: 'views/signing-page' },
  // Issue 36, later stages: the page an emailed payment link opens.
  payPageViews: { source: 'src/features/payment-requests/pay-page', release: 'views/pay-page' },
  presetTemplates: { source: 'db/seeds/templates', release: 'templates' },
} as const;

export type AppFiles = keyof typeof appFileLayout;

/** The repository root in the source tree (this file is src/lib/); the release's app/ folder. */
export const appRoot = isBundled
  ? path.dirname(fileURLToPath(import.meta.url))
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The absolute folder of one kind of run-time file, wherever this code runs from. */
export function appFilesDir(kind: AppFiles): string {
  const place = appFileLayout[kind];
  return path.join(appRoot, isBundled ? place.release : place.source);
}
