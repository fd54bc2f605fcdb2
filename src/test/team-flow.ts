import { expect } from 'vitest';
import { lastMail } from './account-mail.js';
import { cookiePair, jsonPost, type TestApp } from './test-app.js';

/**
 * One more person in a company, the way people join (issue 35): the owner invites them, they
 * follow the mailed /join/ link with their name and a password, and, to send contracts, accept
 * the legal acknowledgment under their own name. Answers their session cookie.
 */
export async function joinedMember(
  t: TestApp,
  ownerCookie: string,
  person: { email: string; name: string; role?: 'owner' | 'member' },
): Promise<string> {
  const origin = { origin: t.origin };
  const invited = await jsonPost(
    t.app,
    '/api/team/invites',
    { email: person.email, role: person.role ?? 'member' },
    { cookie: ownerCookie, ...origin },
  );
  expect(invited.statusCode, invited.body).toBe(201);
  const mail = await lastMail(t, 'team_invite', person.email);
  const token = /\/join\/([A-Za-z0-9_-]{43})\b/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no /join/ link in:\n${mail.text}`);
  const joined = await jsonPost(
    t.app,
    '/api/team/join',
    { token, name: person.name, password: 'correct horse' },
    origin,
  );
  expect(joined.statusCode, joined.body).toBe(200);
  const cookie = cookiePair(joined, 'session') ?? cookiePair(joined, '__Host-session');
  if (!cookie) throw new Error('the join set no session cookie');
  const accepted = await jsonPost(
    t.app,
    '/api/acceptances',
    { type: 'legal_disclaimer', typed_name: person.name },
    { cookie, ...origin },
  );
  expect(accepted.statusCode, accepted.body).toBe(201);
  return cookie;
}
