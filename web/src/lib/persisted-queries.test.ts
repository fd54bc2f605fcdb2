import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { callOf, isPersisted, keepQueries } from './persisted-queries';

function cached(queryKey: unknown[], data: unknown) {
  const client = new QueryClient();
  client.setQueryData(queryKey, data);
  const query = client.getQueryCache().find({ queryKey });
  if (!query) throw new Error('not cached');
  return query;
}

describe('what the phone keeps of the app’s answers', () => {
  it('reads the call of a tRPC query key', () => {
    expect(callOf([['contracts', 'page'], { input: { section: 'draft' }, type: 'infinite' }])).toBe(
      'contracts.page',
    );
    expect(callOf(['not-trpc'])).toBeNull();
  });

  it('keeps the contracts list, a draft, who is signed in and what the preview needs', () => {
    for (const call of [
      ['contracts', 'page'],
      ['contracts', 'counts'],
      ['contracts', 'get'],
      ['auth', 'user'],
      ['templates', 'default'],
      ['prefs', 'get'],
      ['acceptances', 'status'],
      ['payments', 'settings'],
    ]) {
      expect(isPersisted(cached([call, { type: 'query' }], { any: 1 })), call.join('.')).toBe(true);
    }
  });

  it('keeps nothing else: API keys, webhooks, the team’s invitations', () => {
    for (const call of [
      ['apiKeys', 'list'],
      ['webhooks', 'list'],
      ['team', 'invitations'],
    ]) {
      expect(isPersisted(cached([call, { type: 'query' }], { any: 1 })), call.join('.')).toBe(
        false,
      );
    }
  });

  it('keeps no failed or unfinished answer', () => {
    const client = new QueryClient();
    const queryKey = [['contracts', 'page'], { type: 'query' }];
    client.getQueryCache().build(client, { queryKey });
    const query = client.getQueryCache().find({ queryKey });
    expect(query && isPersisted(query)).toBe(false);
  });
});

describe('when the person signed in changes', () => {
  const user = [['auth', 'user'], { type: 'query' }];
  const list = [['contracts', 'page'], { input: { section: 'draft' }, type: 'infinite' }];

  it('forgets the last person’s contracts when the session ends or another signs in', () => {
    const client = new QueryClient();
    client.setQueryData(user, { user: { email: 'pat@example.com' } });
    client.setQueryData(list, { pages: ['Pat’s drafts'] });
    const stop = keepQueries(client, 60_000);
    client.setQueryData(user, { user: { email: 'pat@example.com' } });
    expect(client.getQueryData(list)).toEqual({ pages: ['Pat’s drafts'] });

    client.setQueryData(user, { user: null });
    expect(client.getQueryData(list)).toBeUndefined();

    client.setQueryData(list, { pages: ['Sam’s drafts'] });
    client.setQueryData(user, { user: { email: 'sam@example.com' } });
    expect(client.getQueryData(list)).toBeUndefined();
    stop();
  });
});
