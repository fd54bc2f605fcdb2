import { afterAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../src/test/pdf-text';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../src/test/smtp-sink';
import { openAppDatabase } from './support/app-database';
import { brokenChromium, type BrokenChromium } from './support/broken-chromium';
import { newPage, PHONE, uniqueEmail } from './support/browser';
import { drawSignature, signedInPage, waitForToast } from './support/flows';
import { sendContractByApi, signingLinkIn } from './support/send-by-api';
import { fileApp } from './support/worker';

/**
 * A signed contract whose sealed PDF cannot be made (docs/decisions/010): the server prints with
 * a Chromium that is broken on purpose (support/broken-chromium.ts). After its three tries the
 * job fails, both parties are mailed the HTML copy, and the contractor's page (390 px) says so
 * with a Retry; once Chromium works again, Retry makes the PDF and the page offers it.
 */
let smtp: SmtpSink | undefined;
let chromium: BrokenChromium | undefined;
// Registered before fileApp's own: hooks after a file run last-registered first, so these stop
// once the server is gone.
afterAll(async () => {
  await smtp?.stop();
  chromium?.remove();
});
const running = fileApp(async () => {
  smtp = await startSmtpSink();
  chromium = brokenChromium();
  return { SMTP_URL: smtp.url, OLLAMA_HOST: 'http://127.0.0.1:9', CHROMIUM_PATH: chromium.path };
});

const sink = () => smtp ?? notStarted();
const switchboard = () => chromium ?? notStarted();

function notStarted(): never {
  throw new Error('the SMTP sink or the Chromium wrapper did not start (see the beforeAll error)');
}

const mailTo = (address: string, matches: (mail: ReceivedMail) => boolean) =>
  sink().waitFor((mail) => mail.to.includes(address) && matches(mail), 30_000);

const isPdf = (attachment: { contentType: string }) => attachment.contentType === 'application/pdf';

describe('a sealed PDF that could not be made', () => {
  it(
    'shows why with a Retry, mails the HTML copy, and makes the PDF on Retry',
    { timeout: 180_000 },
    async () => {
      const base = running.app().url;
      const company = 'Unsealed Fencing';
      const contractor = await signedInPage(running, { company });
      const client = { name: 'Morgan Unsealed', email: uniqueEmail('morgan') };
      const id = await sendContractByApi(contractor, base, client);
      const invitation = await mailTo(
        client.email,
        (mail) => mail.subject === `${company} sent you a contract to sign`,
      );

      // Chromium breaks before the client signs: every try at the PDF fails.
      switchboard().breakIt();
      const { page: homeowner } = await newPage(running.browser(), base, PHONE);
      await homeowner.goto(signingLinkIn(invitation.text));
      await homeowner.getByText('Secure Contract Signature').waitFor();
      await homeowner.getByLabel('I agree to use electronic records and signatures').check();
      await drawSignature(homeowner, /Sign below to accept/);
      await homeowner.getByRole('button', { name: 'Sign Contract' }).click();
      await homeowner.getByRole('heading', { name: 'Contract Signed!' }).waitFor();

      // The first try fails; the page, which looks again every 3 s while the PDF is being made,
      // says so.
      await contractor.goto(`/contracts/${id}`);
      await contractor
        .getByRole('status')
        .filter({ hasText: /^The sealed PDF is being made \(the last try failed: .+\)\.$/s })
        .waitFor({ timeout: 30_000 });

      // The worker tries again 30 s, then 2 min, after a failure; the test does not wait for that:
      // each failed try's next one is made due now, as the unit tests move the clock.
      const database = openAppDatabase(running.app());
      try {
        for (const attempts of [1, 2]) {
          await expect
            .poll(
              () =>
                database.sql.run(
                  "UPDATE document_jobs SET next_attempt_at = ? WHERE contract_id = ? AND status = 'pending' AND attempts = ?",
                  new Date().toISOString(),
                  id,
                  attempts,
                ),
              { timeout: 30_000, interval: 200 },
            )
            .toBe(1);
        }
      } finally {
        await database.close();
      }

      // After the third failed try: the alert, with why, and a Retry.
      const alert = contractor.getByRole('alert', { name: 'The sealed PDF could not be made' });
      await alert.waitFor({ timeout: 30_000 });
      await alert
        .getByText(/Both parties received the signed contract as an HTML copy instead\.$/)
        .waitFor();
      await alert.getByText('Maximum call stack size exceeded', { exact: false }).waitFor();
      const status = await contractor.request.get(`${base}/api/contracts/${id}/executed-copy`);
      expect(await status.json()).toEqual({
        state: 'failed',
        attempts: 3,
        error: expect.stringContaining('Maximum call stack size exceeded') as unknown,
      });
      expect(
        (await contractor.request.get(`${base}/api/contracts/${id}/executed.pdf`)).status(),
      ).toBe(404);
      await alert.scrollIntoViewIfNeeded();
      await contractor.screenshot({ path: '/tmp/sealed-copy-failure.png' });

      // The client was mailed the signed contract as a standalone HTML page, and no PDF.
      const htmlCopy = await mailTo(
        client.email,
        (mail) => mail.subject === `Signed: Contract #${id} with ${company}`,
      );
      expect(htmlCopy.attachments.map((file) => [file.filename, file.contentType])).toEqual([
        [`contract-${id}-signed.html`, 'text/html'],
      ]);
      expect(htmlCopy.text).toContain(`The signed copy is attached (contract-${id}-signed.html)`);
      const html = htmlCopy.attachments[0]?.content.toString('utf8') ?? '';
      expect(html).toContain(client.name);
      expect(html).toContain('Signature audit trail');

      // Chromium works again; Retry, from the keyboard.
      switchboard().repair();
      const retry = alert.getByRole('button', { name: 'Retry' });
      const focused = () => retry.evaluate((button) => button === document.activeElement);
      await retry.focus();
      // In the tab order: one stop back and one forward lands on it again.
      await contractor.keyboard.press('Shift+Tab');
      expect(await focused()).toBe(false);
      await contractor.keyboard.press('Tab');
      expect(await focused()).toBe(true);
      await contractor.keyboard.press('Enter');
      await waitForToast(contractor, 'Making the PDF again');
      const download = contractor.getByRole('link', { name: 'Download executed copy (PDF)' });
      await download.waitFor({ timeout: 60_000 });
      expect(await alert.count()).toBe(0);
      expect(await download.getAttribute('href')).toBe(`/api/contracts/${id}/executed.pdf`);

      const pdf = await contractor.request.get(`${base}/api/contracts/${id}/executed.pdf`);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      const bytes = await pdf.body();
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const { text } = await pdfText(bytes);
      expect(text).toContain(client.name);
      expect(text).toContain('Signature Certificate');

      // Both parties are mailed the PDF once it is made: the client's is the same file.
      const sealedCopy = await mailTo(client.email, (mail) => mail.attachments.some(isPdf));
      expect(sealedCopy.subject).toBe(`Signed: Contract #${id} with ${company}`);
      expect(sealedCopy.attachments.find(isPdf)?.content.equals(bytes)).toBe(true);
    },
  );
});
