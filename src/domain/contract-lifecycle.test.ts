import { describe, expect, it } from 'vitest';
import {
  canDo,
  CONTRACT_STATUSES,
  CONTRACT_TRANSITIONS,
  SECTION_OF_STATUS,
  statusesInSection,
} from './contract-lifecycle.js';
import { describeEvent, parseEventDetails } from './contract-event-lines.js';

describe('the contract lifecycle table', () => {
  it('puts expired with the awaiting, declined and voided in Closed', () => {
    expect(statusesInSection('awaiting')).toEqual(['sent', 'expired']);
    expect(statusesInSection('closed')).toEqual(['declined', 'voided']);
    expect(CONTRACT_STATUSES.every((status) => SECTION_OF_STATUS[status])).toBe(true);
  });

  it('lets each action run only where its move exists', () => {
    for (const status of CONTRACT_STATUSES) {
      if (canDo('void', status)) expect(CONTRACT_TRANSITIONS[status]).toContain('voided');
    }
    expect(canDo('remind', 'expired')).toBe(false);
    expect(canDo('revise', 'declined')).toBe(true);
    expect(canDo('revise', 'signed')).toBe(false);
  });
});

describe('describeEvent', () => {
  const at = '2026-11-25T10:00:00.000Z';
  it('says which reminder went and how', () => {
    expect(
      describeEvent(
        { type: 'reminder_sent', at, details: { reminder: 2, automatic: true } },
        'record',
      ),
    ).toBe('Reminder emailed to the client with a new signing link (reminder 2, automatic)');
  });

  it('quotes the reason of a decline and a withdrawal', () => {
    expect(
      describeEvent({ type: 'declined', at, details: { reason: 'Too expensive' } }, 'contractor'),
    ).toBe('Client declined: “Too expensive”');
    expect(describeEvent({ type: 'voided', at, details: { reason: 'Typo' } }, 'record')).toBe(
      'Withdrawn by the contractor: “Typo”',
    );
  });

  it('names the link a client signed through', () => {
    const details = {
      link: { id: 4, purpose: 'reminder', issued_at: '2026-11-28T09:00:00.000Z', reminder: 1 },
    };
    expect(describeEvent({ type: 'signed_by_client', at, details }, 'record')).toBe(
      'Signed by the client through the link emailed Nov 28, 2026 (reminder 1)',
    );
  });

  it('links revisions both ways', () => {
    expect(describeEvent({ type: 'created', at, details: { revision_of: 12 } }, 'record')).toBe(
      'Draft created as a revision of Contract #12',
    );
    expect(describeEvent({ type: 'revised', at, details: { revision_id: 13 } }, 'record')).toBe(
      'Replaced by a revision: Contract #13',
    );
  });

  it('prints unknown types as stored and ignores unreadable details', () => {
    expect(describeEvent({ type: 'archived', at, details: null }, 'record')).toBe('archived');
    expect(parseEventDetails('{not json')).toBeNull();
    expect(parseEventDetails('{"reason":"x"}')).toEqual({ reason: 'x' });
  });
});
