import type { FastifyReply } from 'fastify';
import type { Config } from '../../config.js';
import { setSessionCookie } from '../sessions/session-cookie.js';
import type { Joined } from './join.service.js';
import type { JoinAnswer } from './team.schemas.js';

/** Sets the session cookie a join earned (as sign-up does) and answers it: both transports. */
export function answerJoined(reply: FastifyReply, config: Config, joined: Joined): JoinAnswer {
  if (joined.session) {
    setSessionCookie(reply, config, joined.session.token, joined.session.expiresAtMs);
  }
  return { signed_in: joined.session !== null, email: joined.email };
}
