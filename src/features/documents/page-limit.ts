import { AppError } from '../../lib/app-error.js';
import {
  CONTRACT_MAX_PAGES,
  DocumentTooLongError,
  RenderTimeoutError,
  type PdfRenderer,
} from './pdf-renderer.js';

/**
 * Refuses a contract document that would print more than CONTRACT_MAX_PAGES pages, or that
 * Chromium cannot print in time, before it can reach the queue of executed copies: checked when
 * a template is saved (with sample data) and when a contract is sent (docs/decisions/016). Where
 * Chromium is not installed there is no PDF to bound. Any other printing trouble is the
 * worker's to retry, and does not stop the contractor.
 */
export async function assertPrintableLength(
  renderer: PdfRenderer | null | undefined,
  frozenHtml: string,
  what: 'template' | 'contract',
): Promise<void> {
  if (!renderer?.available) return;
  try {
    await renderer.render(frozenHtml, { maxPages: CONTRACT_MAX_PAGES });
  } catch (error) {
    const subject = what === 'template' ? 'This template' : 'This contract';
    if (error instanceof DocumentTooLongError) {
      throw new AppError(
        'BAD_REQUEST',
        `${subject} would print more than ${CONTRACT_MAX_PAGES} pages: shorten it (look for repeated {{#each}} loops)`,
      );
    }
    if (error instanceof RenderTimeoutError) {
      throw new AppError(
        'BAD_REQUEST',
        `${subject} takes too long to print: shorten it (look for repeated {{#each}} loops)`,
      );
    }
  }
}
