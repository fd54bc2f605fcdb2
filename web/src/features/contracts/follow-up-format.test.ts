import { describe, expect, it } from 'vitest';
import { expiryText, openingsText, readableInstants } from './follow-up-format';

describe('the follow-up lines of a card', () => {
  it('says whether the link expires or expired', () => {
    const at = '2026-12-24T18:00:00.000Z';
    expect(expiryText('sent', at)).toMatch(/^Link expires Dec 2[45], 2026$/);
    expect(expiryText('expired', at)).toMatch(/^Link expired Dec 2[45], 2026$/);
    expect(expiryText('declined', at)).toBeNull();
    expect(expiryText('sent', null)).toBeNull();
  });

  it('counts openings in words', () => {
    const last = new Date(Date.now() - 60_000).toISOString();
    expect(openingsText({ count: 0, last_at: null })).toBe('Not opened yet');
    expect(openingsText({ count: 1, last_at: last })).toMatch(/^Opened once, last \S+/);
    expect(openingsText({ count: 2, last_at: last })).toMatch(/^Opened 2 times, last \S+/);
  });

  it('reads an instant in a server sentence as a clock time', () => {
    const message = readableInstants(
      'A reminder went out less than an hour ago. The next one can go at 2026-11-25T15:14:00.000Z',
    );
    expect(message).toMatch(/^A reminder went out less than an hour ago\. The next one can go at /);
    expect(message).not.toContain('2026-11-25T');
  });
});
