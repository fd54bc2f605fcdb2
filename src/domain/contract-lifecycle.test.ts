import { describe, expect, it } from 'vitest';
import {
  canDo,
  CONTRACT_STATUSES,
  CONTRACT_TRANSITIONS,
  SECTION_OF_STATUS,
  statusesInSection,
} from './contract-lifecycle.js';
import {
  CONTRACTOR_EVENT_LINES,
  describeEvent,
  parseEventDetails,
} from './contract-event-lines.js';
import { messagesFor } from './i18n/catalogue.js';

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

const RECORD = messagesFor('en').events;

describe('describeEvent', () => {
  const at = '2026-11-25T10:00:00.000Z';
  it('says which reminder went and how', () => {
    expect(
      describeEvent(
        { type: 'reminder_sent', at, details: { reminder: 2, automatic: true } },
        RECORD,
      ),
    ).toBe('Reminder 2 emailed to the client with a new signing link, automatically');
  });

  it('quotes the reason of a decline and a withdrawal', () => {
    expect(
      describeEvent(
        { type: 'declined', at, details: { reason: 'Too expensive' } },
        CONTRACTOR_EVENT_LINES,
      ),
    ).toBe('Client declined: “Too expensive”');
    expect(describeEvent({ type: 'voided', at, details: { reason: 'Typo' } }, RECORD)).toBe(
      'Withdrawn by the contractor: “Typo”',
    );
  });

  it('names the link a client signed through', () => {
    const details = {
      link: { id: 4, purpose: 'reminder', issued_at: '2026-11-28T09:00:00.000Z', reminder: 1 },
    };
    expect(describeEvent({ type: 'signed_by_client', at, details }, RECORD)).toBe(
      'Signed by the client through reminder 1, emailed Nov 28, 2026',
    );
  });

  it('links revisions both ways', () => {
    expect(describeEvent({ type: 'created', at, details: { revision_of: 12 } }, RECORD)).toBe(
      'Draft created as a revision of Contract #12',
    );
    expect(describeEvent({ type: 'revised', at, details: { revision_id: 13 } }, RECORD)).toBe(
      'Replaced by a revision, Contract #13',
    );
  });

  it('prints unknown types as stored and ignores unreadable details', () => {
    expect(describeEvent({ type: 'archived', at, details: null }, RECORD)).toBe('archived');
    expect(parseEventDetails('{not json')).toBeNull();
    expect(parseEventDetails('{"reason":"x"}')).toEqual({ reason: 'x' });
  });
});
