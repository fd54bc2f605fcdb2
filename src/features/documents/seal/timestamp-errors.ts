/*
 * The two ways a trusted timestamp (issue 39) fails. The split decides what sealing does next:
 * an authority that is down, slow or refusing may be retried, and a copy may in the end be sealed
 * without a timestamp; a token that does not check out must never be embedded. Messages read well
 * on one line (the document worker shows the first line of a failure) and name the authority by
 * host only, never with the credentials its URL may carry.
 */

/** The authority did not give a token: timeout, network, HTTP status, rejection, garbage. */
export class TimestampUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TimestampUnavailableError';
  }
}

/** A token that does not check out: wrong imprint or nonce, bad signature, unreadable. */
export class TimestampInvalidError extends Error {
  constructor(
    message: string,
    /** What is wrong with the token, without saying where it came from. */
    readonly reason: string,
  ) {
    super(message);
    this.name = 'TimestampInvalidError';
  }
}
