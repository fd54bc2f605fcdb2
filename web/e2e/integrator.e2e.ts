import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendableDraft, TEST_SIGNATURE_PNG } from '../../src/test/factories';
import { startWebhookReceiver, type WebhookReceiver } from '../../src/test/webhook-receiver';
import { DESKTOP, newPage, PHONE, uniqueEmail } from './support/browser';
import { workerApp } from './support/worker';
import { drawSignature, markToastsSeen, signedInPage, waitForToast } from './support/flows';
import { signingLinkIn } from './support/send-by-api';

/**
 * Issue 19's proof, as an integrator lives it: a key and a webhook made in Settings → API, a
 * contract created and sent over REST with the key alone, the events received and verified with
 * the `standardwebhooks` package while the homeowner signs in a browser, and the sealed PDF
 * fetched with the key from the URL the last event carries.
 */
let receiver: WebhookReceiver | undefined;
const running = workerApp();
beforeAll(async () => {
  receiver = await startWebhookReceiver(200);
});
afterAll(async () => {
  await receiver?.close();
});

interface Event {
  id: string;
  type: string;
  data: {
    contract: { id: number; status: string; client_name: string; total_price_cents: number };
    executed_pdf_url: string | null;
  };
}

/** Waits for the event of this type, checking its signature as a receiver must. */
async function eventOf(secret: string, type: string): Promise<Event> {
  const verifier = new Webhook(secret);
  let found: Event | undefined;
  await expect
    .poll(
      () => {
        for (const request of receiver!.received) {
          const headers = {
            'webhook-id': String(request.headers['webhook-id']),
            'webhook-timestamp': String(request.headers['webhook-timestamp']),
            'webhook-signature': String(request.headers['webhook-signature']),
          };
          const payload = verifier.verify(request.body, headers) as Omit<Event, 'id'>;
          if (payload.type === type) found = { ...payload, id: headers['webhook-id'] };
        }
        return found?.type;
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBe(type);
  return found!;
}

describe('an integration, end to end', () => {
  it('creates and sends over REST with a key, hears each step signed, and fetches the PDF', async () => {
    const base = running.app().url;
    const contractor = await signedInPage(running, { company: 'Hooked Irrigation' });

    // Settings → API: a key, then a webhook for every event; each secret is shown once.
    await contractor.goto('/settings/api');
    await contractor.getByLabel('Key name').fill('Job scheduler');
    await contractor.getByRole('button', { name: 'Create key' }).click();
    const key = ((await contractor.getByLabel('New API key').textContent()) ?? '').trim();
    await contractor.getByRole('button', { name: 'I have stored it' }).click();

    await contractor.getByRole('button', { name: 'Add endpoint' }).click();
    await contractor.getByText('Enter the full https:// address of your receiver').waitFor();
    await contractor.getByLabel('Endpoint URL').fill(receiver!.url);
    await contractor.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = (
      (await contractor.getByLabel('Webhook signing secret').textContent()) ?? ''
    ).trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    await contractor.getByText('Endpoints (1)').waitFor();
    await contractor.screenshot({ path: '/tmp/webhook-created.png', fullPage: true });
    expect(
      await contractor.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(390);

    // The integration: the key alone, no cookie, no Origin.
    const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
      const answer = await fetch(`${base}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${key}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      if (!answer.ok) throw new Error(`${method} ${url}: ${answer.status} ${await answer.text()}`);
      return answer;
    };
    const client = { name: 'Riley Webb', email: uniqueEmail('riley.webb') };
    await call('POST', '/api/acceptances', { type: 'legal_disclaimer', typed_name: 'Casey Hook' });
    const draft = (await (await call('POST', '/api/contracts', sendableDraft(client))).json()) as {
      id: number;
    };
    await call('POST', `/api/contracts/${draft.id}/sign-mine`, { signature: TEST_SIGNATURE_PNG });
    await call('POST', `/api/contracts/${draft.id}/send`, { client_data: client });

    const sent = await eventOf(secret, 'contract.sent');
    expect(sent.data.contract).toMatchObject({
      id: draft.id,
      status: 'sent',
      client_name: 'Riley Webb',
    });
    expect(sent.data.executed_pdf_url).toBeNull();

    // The homeowner signs on a phone.
    const invitation = await running
      .smtp()
      .waitFor((mail) => mail.to.includes(client.email), 15_000);
    const link = signingLinkIn(invitation.text);
    const { page: homeowner } = await newPage(running.browser(), base, PHONE);
    await homeowner.goto(link);
    await drawSignature(homeowner, /Sign below to accept/);
    await homeowner.getByLabel('I agree to use electronic records and signatures').check();
    await homeowner.getByRole('button', { name: 'Sign Contract' }).click();
    await homeowner.getByRole('heading', { name: 'Contract Signed!' }).waitFor();

    const signed = await eventOf(secret, 'contract.signed');
    expect(signed.data.contract.id).toBe(draft.id);
    const completed = await eventOf(secret, 'contract.completed');
    expect(completed.data.contract.status).toBe('completed');
    const pdfUrl = completed.data.executed_pdf_url ?? '';
    expect(pdfUrl).toBe(`${base}/api/contracts/${draft.id}/executed.pdf`);

    // No event carries the signing link's token or a signature image.
    const token = link.split('/esign/')[1] ?? '';
    for (const request of receiver!.received) {
      expect(request.body).not.toContain(token);
      expect(request.body).not.toContain('data:image');
    }

    const pdf = await fetch(pdfUrl, { headers: { authorization: `Bearer ${key}` } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // The deliveries, as the contractor sees them: each row names its event and its contract.
    await contractor.reload();
    await contractor.getByRole('button', { name: 'Deliveries' }).click();
    // The list the button opens, not the form's "Events to send" with the same words.
    const deliveries = contractor.locator('[id^="webhook-"][id$="-deliveries"]');
    const rows = deliveries.getByRole('listitem');
    const sealedRow = rows.filter({ hasText: 'Sealed PDF ready' }).first();
    await sealedRow.getByText(/HTTP 200 · 1 attempt · delivered/).waitFor();
    const contractLink = sealedRow.getByRole('link', {
      name: `Contract #${draft.id} · Riley Webb`,
    });
    await contractLink.waitFor();
    expect(await rows.count()).toBeGreaterThanOrEqual(3);
    for (const row of await rows.all()) {
      expect(await row.textContent()).toContain(`Contract #${draft.id} · Riley Webb`);
    }
    await deliveries.screenshot({ path: '/tmp/webhook-deliveries.png' });
    expect(
      await contractor.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(390);

    // Sent again with the same id. The receiver fails the first try: the new row, on top, goes
    // from Waiting to Retrying on its own; redelivered once more, to Delivered; never a reload.
    const before = receiver!.received.length;
    receiver!.answers.push(503);
    await sealedRow.getByRole('button', { name: /^Redeliver contract\.completed/ }).click();
    await waitForToast(contractor, 'Queued again');
    const newest = rows.first();
    await newest.getByText('Sealed PDF ready').waitFor();
    await newest.getByText(/HTTP 503 · 1 attempt · next try/).waitFor({ timeout: 20_000 });
    await newest.getByText('Retrying', { exact: true }).waitFor();
    await deliveries.screenshot({ path: '/tmp/webhook-redelivery-retrying.png' });
    await markToastsSeen(contractor);
    await newest.getByRole('button', { name: /^Redeliver contract\.completed/ }).click();
    await waitForToast(contractor, 'Queued again');
    await newest.getByText(/HTTP 200 · 2 attempts · delivered/).waitFor({ timeout: 20_000 });
    await newest.getByText('Delivered', { exact: true }).waitFor();
    expect(await newest.textContent()).toContain(`Contract #${draft.id} · Riley Webb`);
    expect(receiver!.received.length).toBe(before + 2);
    expect(receiver!.received.at(-1)?.headers['webhook-id']).toBe(completed.id);
    await contractor.setViewportSize(DESKTOP);
    await contractor.screenshot({ path: '/tmp/webhook-deliveries-desktop.png', fullPage: true });

    // The row's contract is a link to the contract's page.
    await contractLink.click();
    await contractor.waitForURL(`**/contracts/${draft.id}`);
    await contractor.getByText(`Contract #${draft.id}`).first().waitFor();
  });
});
