import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.js';
import { JSON_TOO_DEEP_MESSAGE, jsonNestsDeeperThan } from './json-depth.js';

/** Refuses a JSON text nested deeper than the schemas need, before anything parses it. */
export function assertJsonDepth(text: string): void {
  if (jsonNestsDeeperThan(text)) throw new AppError('BAD_REQUEST', JSON_TOO_DEEP_MESSAGE);
}

/**
 * Fastify's own JSON parser (prototype poisoning refused), behind the depth check: a body
 * nested too deeply is answered 400 before it becomes objects.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    try {
      assertJsonDepth(text);
    } catch (error) {
      done(error as AppError, undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}
