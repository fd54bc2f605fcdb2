import { describe, expect, it } from 'vitest';
import { eventWords } from '../../../domain/contract-lifecycle.js';
import { CHROME_UA, certificateInput } from '../../../test/certificate-fixture.js';
import { certificateView, pngDataUrl } from './view.js';

describe('pngDataUrl', () => {
  it('keeps an inline PNG and drops anything the renderer could fetch or run', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    expect(pngDataUrl(png)).toBe(png);
    for (const value of [
      null,
      '',
      'https://evil.example/x.png',
      'javascript:alert(1)',
      'data:image/svg+xml;base64,PHN2Zz4=',
      'data:image/png;base64,AAA" onerror="x',
    ]) {
      expect(pngDataUrl(value)).toBeNull();
    }
  });
});

describe('eventName', () => {
  it('names known events and prints unknown or inherited keys as stored', () => {
    expect(eventWords('signed_by_client', 'record')).toBe('Signed by the client');
    expect(eventWords('new_kind', 'record')).toBe('new_kind');
    expect(eventWords('constructor', 'record')).toBe('constructor');
  });
});

describe('the certificate’s event lines (issue 17)', () => {
  it('print the reminder, the new link and the link the client signed through', () => {
    const link = { id: 7, purpose: 'reminder', issued_at: '2026-11-28T09:00:00.000Z', reminder: 1 };
    const input = certificateInput({
      events: [
        {
          type: 'reminder_sent',
          at: '2026-11-28T09:00:00.000Z',
          actor: null,
          ip: null,
          user_agent: null,
          details: JSON.stringify({ reminder: 1, automatic: true }),
        },
        {
          type: 'link_extended',
          at: '2026-11-29T09:00:00.000Z',
          actor: 'sam@acme.example',
          ip: '198.51.100.4',
          user_agent: CHROME_UA,
          details: JSON.stringify({ expires_at: '2026-12-13T09:00:00.000Z' }),
        },
        {
          type: 'signed_by_client',
          at: '2026-11-30T09:00:00.000Z',
          actor: 'client',
          ip: '203.0.113.9',
          user_agent: CHROME_UA,
          details: JSON.stringify({ link }),
        },
      ],
    });
    expect(certificateView(input, 'data:image/png;base64,AA==').events.map((e) => e.name)).toEqual([
      'Reminder emailed to the client with a new signing link (reminder 1, automatic)',
      'New signing link emailed to the client, valid until Dec 13, 2026',
      'Signed by the client through the link emailed Nov 28, 2026 (reminder 1)',
    ]);
  });
});
