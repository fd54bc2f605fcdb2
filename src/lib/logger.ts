import type { FastifyServerOptions } from 'fastify';

/**
 * Tokens ride in signing-link and reset-link paths; they must never reach a log line
 * (docs/decisions/009, 041).
 */
export function redactUrl(url: string): string {
  return url
    .replace(/\/esign\/[^/?#]+/g, '/esign/[redacted]')
    .replace(/\/reset-password\/[^/?#]+/g, '/reset-password/[redacted]');
}

export function loggerOptions(
  level: string,
  /** Where log lines go (tests read them); standard output by default. */
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        ip: request.ip,
      }),
    },
  };
}
