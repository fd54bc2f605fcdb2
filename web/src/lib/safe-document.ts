import DOMPurify from 'dompurify';

/**
 * Sanitizes a rendered contract for display (architecture decision 5). It is then shown in an
 * iframe with an empty sandbox, so even markup that slipped through could not run script.
 */
export function sanitizeContractDocument(html: string): string {
  return DOMPurify.sanitize(html, {
    WHOLE_DOCUMENT: true,
    ADD_TAGS: ['style'],
    FORBID_TAGS: ['script', 'iframe', 'object', 'embed', 'form', 'base', 'meta', 'link'],
    ALLOW_DATA_ATTR: false,
  });
}
