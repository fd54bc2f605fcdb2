import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import type { PageAddition } from '../../../lib/web-app.js';
import type { AppDeps } from '../../../trpc/context.js';
import { requestClient } from '../../sessions/request-context.js';
import { readSigningPage } from '../esign.service.js';
import { renderNoScriptSigningPage } from './no-script.js';

const SIGNING_PAGE = /^\/esign\/([A-Za-z0-9_-]{1,100})\/?$/;

/**
 * The addition to /esign/:token: its readable copy for a browser without JavaScript. Anything
 * but a page to show (a busy server, a failure) leaves the page as built: the app in it still
 * loads the contract and says what went wrong.
 */
export function noScriptSigningPage(deps: AppDeps): PageAddition {
  return async (request: FastifyRequest) => {
    const token = SIGNING_PAGE.exec(request.url.split('?')[0] ?? '')?.[1];
    if (!token || request.method !== 'GET') return null;
    try {
      const answer = await readSigningPage(deps, token, requestClient(request));
      return renderNoScriptSigningPage(answer, token);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') {
        return renderNoScriptSigningPage(null, token);
      }
      if (!(error instanceof AppError)) request.log.warn({ err: error }, 'no-script page failed');
      return null;
    }
  };
}
