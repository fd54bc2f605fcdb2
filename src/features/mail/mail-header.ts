/**
 * Text that goes into a mail header (subject, recipient). Control characters, CR and LF included,
 * become spaces so user data (a company or client name) can never start a header of its own.
 */
export function toHeaderText(value: string, maxLength = 200): string {
  // eslint-disable-next-line no-control-regex
  const flat = value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ');
  return flat.replace(/\s+/g, ' ').trim().slice(0, maxLength);
}
