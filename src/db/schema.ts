import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * The database as Kysely sees it. Times are ISO-8601 UTC strings (they sort as text);
 * session times are epoch milliseconds because they are compared on every request.
 */
export interface UsersTable {
  id: Generated<number>;
  /** Stored lower-cased; unique without regard to case. */
  email: string;
  password_hash: string;
  created_at: string;
}

export interface SessionsTable {
  /** The public half of the cookie token. */
  id: string;
  user_id: number;
  /** SHA-256 of the secret half; the secret itself is never stored. */
  secret_hash: Uint8Array;
  created_at_ms: number;
  last_used_at_ms: number;
}

export interface PreferencesTable {
  user_id: number;
  company_name: string | null;
  company_phone: string | null;
  company_email: string | null;
  company_address: string | null;
  company_website: string | null;
  logo_path: string | null;
  updated_at: string;
}

export interface RateLimitsTable {
  /** e.g. "login:ip:203.0.113.9" or "login:email:a@b.co". */
  key: string;
  window_started_at_ms: number;
  hits: number;
}

export interface TemplatesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  html: string;
  /** 1 marks the account's one default template. */
  is_preset: number;
  version: number;
  preset_key: string | null;
  preset_sha256: string | null;
  created_at: string;
  updated_at: string;
}

export interface LogosTable {
  id: string;
  user_id: number;
  content_type: string;
  bytes: Uint8Array;
  created_at: string;
}

export interface AcceptancesTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  typed_name: string;
  disclaimer_version: string;
  ip: string;
  user_agent: string;
  accepted_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  preferences: PreferencesTable;
  rate_limits: RateLimitsTable;
  templates: TemplatesTable;
  logos: LogosTable;
  acceptances: AcceptancesTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Session = Selectable<SessionsTable>;
