import type { CompanyId, TeamRole } from '../domain/team.js';

/** Who a request is signed in as: a person's session cookie, or an integration's API key. */
export interface SessionUser {
  id: number;
  email: string;
  /** What they are called to the team; null until they give a name. */
  name: string | null;
  /** The company whose rows they act on (docs/decisions/045). */
  companyId: CompanyId;
  /** What they may do there; a key acts with its maker's role. */
  role: TeamRole;
}

export interface ValidatedSession {
  sessionId: string;
  user: SessionUser;
  /** When the cookie should expire: the earlier of the two limits. */
  expiresAtMs: number;
  /** True when last-used was moved forward, so the cookie's expiry should be renewed too. */
  renewed: boolean;
  /** A person's session cookie, or an integration's API key (issue 19). */
  via: 'cookie' | 'api_key';
  /** The key's id (never its secret) when `via` is 'api_key'. */
  apiKeyId?: string;
  /**
   * The database's version read to check this session (src/db/read-cache.ts): the request's
   * cached reads may use it instead of asking again.
   */
  databaseVersion?: string;
}
