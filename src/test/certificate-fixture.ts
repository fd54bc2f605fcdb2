import type { CertificateInput } from '../features/documents/certificate/types.js';

// A real 1x1 PNG, so the signature images are what the signing page produces.
export const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
export const SNAPSHOT_SHA = 'a'.repeat(64);
export const PAGES_SHA = 'b'.repeat(64);
export const VERIFY_URL = 'https://contracts.example.com/verify';
export const CHROME_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A completed contract as the sealing job would describe it; tests override what they need. */
export function certificateInput(overrides: Partial<CertificateInput> = {}): CertificateInput {
  return {
    contractId: 12,
    title: 'Kitchen Remodel Agreement',
    companyName: 'Acme Builders',
    contractorName: 'Sam Carpenter',
    contractorEmail: 'sam@acme.example',
    clientName: 'Jane Doe',
    clientEmail: 'jane@example.com',
    totalCents: 1_234_567,
    completedAt: '2026-11-21T15:04:05.000Z',
    signers: [
      {
        role: 'client',
        name: 'Jane Doe',
        email: 'jane@example.com',
        signedAt: '2026-11-21T15:04:05.000Z',
        ip: '203.0.113.7',
        userAgent: CHROME_UA,
        timeZone: 'America/Chicago',
        consent: '2026-11-21',
        signaturePng: PNG,
      },
      {
        role: 'contractor',
        name: 'Sam Carpenter',
        email: 'sam@acme.example',
        signedAt: '2026-11-20T09:30:00.000Z',
        ip: '198.51.100.4',
        userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X)',
        timeZone: null,
        consent: '2026-10-01',
        signaturePng: PNG,
      },
    ],
    events: [
      {
        type: 'created',
        at: '2026-11-20T09:00:00.000Z',
        actor: 'sam@acme.example',
        ip: '198.51.100.4',
        user_agent: CHROME_UA,
      },
      {
        type: 'sent',
        at: '2026-11-20T09:31:00.000Z',
        actor: 'sam@acme.example',
        ip: '198.51.100.4',
        user_agent: CHROME_UA,
      },
      {
        type: 'email_sent',
        at: '2026-11-20T09:31:10.000Z',
        actor: null,
        ip: null,
        user_agent: null,
      },
      {
        type: 'consented',
        at: '2026-11-21T15:03:00.000Z',
        actor: 'Jane Doe',
        ip: '203.0.113.7',
        user_agent: CHROME_UA,
      },
      {
        type: 'signed_by_client',
        at: '2026-11-21T15:04:05.000Z',
        actor: 'Jane Doe',
        ip: '203.0.113.7',
        user_agent: CHROME_UA,
      },
      {
        type: 'archived_by_robot',
        at: '2026-11-21T15:05:00.000Z',
        actor: null,
        ip: null,
        user_agent: null,
      },
    ],
    snapshotSha256: SNAPSHOT_SHA,
    contractPagesSha256: PAGES_SHA,
    verifyUrl: VERIFY_URL,
    ...overrides,
  };
}
