/**
 * Seals the bodies of queued mails (docs/decisions/017): a signing request carries the signing
 * link, and the database must never hold one in plain text, not even in the pages SQLite leaves
 * behind in its -wal file. AES-256-GCM with a key kept outside the database, so a copy of the
 * database files alone gives nothing away.
 */
export interface MailSealer {
  /**
   * Names the key without revealing it (a hash of it): the database keeps the first instance's,
   * so an instance started with another key is caught at start (docs/decisions/023).
   */
  readonly fingerprint: string;
  seal(plain: string): string;
  /** Throws MailBodySealError when the key is not the one that sealed the body. */
  open(sealed: string): string;
}
