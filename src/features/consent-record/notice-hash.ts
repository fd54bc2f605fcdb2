import { createHash } from 'node:crypto';
import { noticeText, type ConsentNotice } from '../../domain/esign-consent/notice.js';

/**
 * The hex SHA-256 of the notice's canonical text (UTF-8). The `consented` event stores it, and
 * the certificate prints it: rebuilding the notice from the event's version, language and facts
 * must give the same hash. Server only (node:crypto).
 */
export function noticeSha256(notice: ConsentNotice): string {
  return createHash('sha256').update(noticeText(notice), 'utf8').digest('hex');
}
