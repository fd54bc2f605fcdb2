import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';

/**
 * Services throw AppError(code, message); one table maps each code to HTTP and tRPC. The message is shown to the user, so it must never carry internals.
 */
export const appErrorCodes = {
  BAD_REQUEST: { http: 400, trpc: 'BAD_REQUEST' },
  UNAUTHORIZED: { http: 401, trpc: 'UNAUTHORIZED' },
  FORBIDDEN: { http: 403, trpc: 'FORBIDDEN' },
  NOT_FOUND: { http: 404, trpc: 'NOT_FOUND' },
  CONFLICT: { http: 409, trpc: 'CONFLICT' },
  PAYLOAD_TOO_LARGE: { http: 413, trpc: 'PAYLOAD_TOO_LARGE' },
  TOO_MANY_REQUESTS: { http: 429, trpc: 'TOO_MANY_REQUESTS' },
  INTERNAL: { http: 500, trpc: 'INTERNAL_SERVER_ERROR' },
  /** A service we call (Stripe) could not be reached or failed; the message says which. */
  BAD_GATEWAY: { http: 502, trpc: 'BAD_GATEWAY' },
} as const satisfies Record<string, { http: number; trpc: TRPC_ERROR_CODE_KEY }>;

export type AppErrorCode = keyof typeof appErrorCodes;

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    /** Seconds the client should wait; sent as Retry-After with TOO_MANY_REQUESTS. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get httpStatus(): number {
    return appErrorCodes[this.code].http;
  }
}

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';
