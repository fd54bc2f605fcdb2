/**
 * An address with its mailbox hidden but its first letter, `n***@example.com`: enough for the
 * owner to recognise an address they typed, too little for anyone else reading over their
 * shoulder (the notice of an email change, the security log).
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}
