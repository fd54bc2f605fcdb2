import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from './error-handler.js';

export const webDistDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../web/dist',
);

/**
 * Hashed assets are cached for a year; pages are revalidated; the signing page's URL is a secret,
 * so no cache may store what it answered.
 */
function cachingOf(url: string, filePath: string): string {
  if (filePath.includes(`${path.sep}assets${path.sep}`))
    return 'public, max-age=31536000, immutable';
  return url.startsWith('/esign/') ? 'no-store' : 'no-cache';
}

const isApiPath = (url: string) => url.startsWith('/api/') || url.startsWith('/trpc/');

/** The built page's own line for browsers without JavaScript (web/index.html). */
const GENERIC_NO_SCRIPT = /<noscript>[\s\S]*?<\/noscript>/;

/**
 * Markup a feature puts into the app's page for one request (before `</body>`), or null for the
 * page as built: the signing page's copy for browsers without JavaScript.
 */
export type PageAddition = (request: FastifyRequest) => Promise<string | null>;

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and the
 * SPA fallback so a reload on /wizard works. Without a build, API-only (tests of the API).
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir = webDistDir,
  addition?: PageAddition,
) {
  let page: string | undefined;
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (scripts/vite/precompress.ts).
      preCompressed: true,
      setHeaders(reply, filePath) {
        reply.header('cache-control', cachingOf(reply.request.url, filePath));
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasBuild && wantsPage && !isApiPath(request.url)) {
      const extra = addition ? await addition(request) : null;
      if (extra === null) {
        // sendFile's setHeaders above picks the caching (no-store for a signing link).
        return reply.sendFile('index.html');
      }
      page ??= await readFile(path.join(distDir, 'index.html'), 'utf8');
      return (
        reply
          .header('cache-control', cachingOf(request.url, 'index.html'))
          .type('text/html; charset=utf-8')
          // The addition stands in for the page's generic "needs JavaScript" line.
          .send(page.replace(GENERIC_NO_SCRIPT, '').replace('</body>', () => `${extra}</body>`))
      );
    }
    // As every error answer: an API client asking for JSON gets {error} here too.
    return sendError(request, reply, 404, 'Not found');
  });
}
