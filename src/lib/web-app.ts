import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { appFilesDir } from './app-files.js';
import { sendError } from './error-handler.js';

export const webDistDir = appFilesDir('webDist');

/** Pages whose URL holds a secret: the signing link, and the emailed account links (issue 34). */
const SECRET_URL_PAGES = ['/esign/', '/reset-password/', '/verify-email/', '/confirm-email/'];

/**
 * Hashed assets are cached for a year; pages are revalidated; a page whose URL is a secret is
 * stored by no cache, so the URL is never a cache's key.
 */
function cachingOf(url: string, filePath: string): string {
  if (filePath.includes(`${path.sep}assets${path.sep}`))
    return 'public, max-age=31536000, immutable';
  return SECRET_URL_PAGES.some((page) => url.startsWith(page)) ? 'no-store' : 'no-cache';
}

const isApiPath = (url: string) => url.startsWith('/api/') || url.startsWith('/trpc/');

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and the
 * SPA fallback so a reload on /wizard works. Without a build, API-only (tests of the API).
 */
export async function registerWebApp(app: FastifyInstance, distDir = webDistDir) {
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
      // sendFile's setHeaders above picks the caching.
      return reply.sendFile('index.html');
    }
    // As every error answer: an API client asking for JSON gets {error} here too.
    return sendError(request, reply, 404, 'Not found');
  });
}
