import { describe, expect, it } from 'vitest';
import { optionalOneOf } from '../../lib/search-params';
import { countMessage, noMatchMessage } from './contract-search-words';
import { STATUS_FILTER_KEYS, STATUS_FILTERS, statusFilterOf } from './status-filter';

describe("the contracts screen's status filter", () => {
  it('offers each badge once, with every status that shows it', () => {
    expect(STATUS_FILTERS.map(({ key, label, statuses }) => [key, label, statuses])).toEqual([
      ['draft', 'Draft', ['draft']],
      ['sent', 'Awaiting Signature', ['sent']],
      ['expired', 'Expired', ['expired']],
      ['declined', 'Declined', ['declined']],
      ['voided', 'Withdrawn', ['voided']],
      ['signed', 'Completed', ['signed', 'completed']],
    ]);
  });

  it('reads the URL’s status as one of those choices, or as none', () => {
    expect(optionalOneOf('voided', STATUS_FILTER_KEYS)).toBe('voided');
    // "completed" is part of the "signed" choice, not a choice of its own.
    for (const bad of ['completed', 'Voided', '', 3, null, undefined, ['sent']]) {
      expect(optionalOneOf(bad, STATUS_FILTER_KEYS), String(bad)).toBeUndefined();
    }
    expect(statusFilterOf(undefined)).toBeUndefined();
  });
});

describe('what the search results say', () => {
  it('names the words and the status when nothing matches', () => {
    expect(noMatchMessage({ q: 'smith' })).toBe('No contracts match "smith"');
    expect(noMatchMessage({ q: 'smith', status: 'voided' })).toBe(
      'No contracts match "smith" with the status "Withdrawn"',
    );
    expect(noMatchMessage({ status: 'signed' })).toBe('No contracts with the status "Completed"');
  });

  it('counts the matches, or says only the newest are shown', () => {
    expect(countMessage(1, false)).toBe('1 contract matches');
    expect(countMessage(7, false)).toBe('7 contracts match');
    expect(countMessage(100, true)).toBe('The newest 100 matching contracts');
  });
});
