/**
 * Why an endpoint receives nothing more (`webhook_endpoints.disabled_reason`), and what a caller
 * who asks for a redelivery to it is told: the real reason, never another's (issue 33).
 */

/** The receiver asked us to stop (docs/decisions/025). */
export const GONE_REASON = 'The receiver answered 410 Gone';

/** The integration's key was revoked, and what it registered ended with it. */
export const KEY_REVOKED_REASON = 'The API key that registered it was revoked';

const AGAIN = 'add it again to receive events';

/** The 409 of a redelivery to a stopped endpoint. */
export function stoppedEndpointMessage(reason: string | null): string {
  switch (reason) {
    case GONE_REASON:
      return `This webhook was stopped because its receiver answered 410 Gone: ${AGAIN}`;
    case KEY_REVOKED_REASON:
      return `This webhook was stopped because the API key that registered it was revoked: ${AGAIN}`;
    case null:
      return `This webhook was stopped: ${AGAIN}`;
    default:
      return `This webhook was stopped (${reason}): ${AGAIN}`;
  }
}
