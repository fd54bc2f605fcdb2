import { describe, expect, it } from 'vitest';
import { renderClientMailLimitMail } from './index.js';

const input = {
  email: 'owner+<b>@example.com',
  perDay: 1200,
  allowedAt: '2026-12-02T15:00:00.000Z',
  settingsUrl: 'https://contracts.example.com/settings/reminders',
  timeZone: 'America/Chicago',
};

describe("the owner's mail when the account reached its daily limit on client mail", () => {
  it('says what waits, until when on the company clock, and where to change it, in both parts', () => {
    const mail = renderClientMailLimitMail(input);
    expect(mail.subject).toBe('TradeSign has paused emails to your clients for today');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('1,200 emails to clients in the last 24 hours');
      expect(part).toContain('December 2, 2026 at 9:00 AM CST');
      expect(part).toContain('new contracts, reminders and new links wait');
      expect(part).toContain('automatic reminders go out on their own');
      expect(part).toContain('revoke any key you do not recognize');
      expect(part).toContain('You get this email at most once a day.');
    }
    expect(mail.html).toContain(`href="${input.settingsUrl}"`);
    expect(mail.text).toContain(`${input.settingsUrl}\n`);
    expect(mail.html).toContain('owner+&lt;b&gt;@example.com');
    expect(mail.text).toContain('owner+<b>@example.com');
    expect(mail.html).not.toMatch(/<script|<link|<style/i);
  });

  it('prints UTC while the company has no time zone', () => {
    const mail = renderClientMailLimitMail({ ...input, timeZone: null });
    expect(mail.text).toContain('December 2, 2026 at 3:00 PM UTC');
  });
});
