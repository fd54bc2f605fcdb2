import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  BrowserContext,
  ElementHandle,
  Frame,
  FrameLocator,
  Locator,
  Page,
} from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendableDraft, TEST_SIGNATURE_PNG } from '../../src/test/factories';
import { newPage, PHONE, uniqueEmail } from './support/browser';
import { signedInPage } from './support/flows';
import { signingLinkIn } from './support/send-by-api';
import { workerApp } from './support/worker';

/**
 * Issue 31: a contract on a 390 px phone reads as one page, in English and Spanish. The signing
 * page, with JavaScript on or off, the wizard's preview and the contract's page show the document
 * flowing in the page, never in a box that scrolls inside it; the payment table and the phone
 * numbers keep every word whole. Screenshots of each screen land in the folder below.
 */
const running = workerApp();
const SHOTS = path.join(tmpdir(), 'documents-on-a-phone');
mkdirSync(SHOTS, { recursive: true });

const LANGUAGES = {
  en: {
    frame: 'Contract',
    consent: 'Electronic records and signatures',
    lastWords: 'By signing below, each party agrees to the terms of this Contract.',
    stages: [
      ['Deposit', 30, 'At signing'],
      ['Materials delivered', 40, 'When materials arrive on site'],
      ['Final walkthrough', 30, 'Substantial completion'],
    ],
  },
  es: {
    frame: 'Contrato',
    consent: 'Aviso: consentimiento para el uso de documentos y firmas electrónicos',
    lastWords:
      'Al firmar a continuación, cada una de las partes acepta los términos de este Contrato.',
    stages: [
      ['Anticipo', 30, 'Al firmar'],
      ['Entrega de materiales', 40, 'Cuando los materiales lleguen a la obra'],
      ['Revisión final', 30, 'Terminación sustancial'],
    ],
  },
} as const;
type Language = keyof typeof LANGUAGES;

/** What a reader must see whole: each stage's number and label, and every phone number. */
const wholePhrases = (language: Language) => [
  ...LANGUAGES[language].stages.map(([label], index) => `${index + 1}. ${label}`),
  '(555) 201-3344',
  '(555) 123-4567',
];

/**
 * A contract with three named stages, sent in `language` by a new contractor (whose page is
 * returned, on the contractor's phone), a draft of the same for the wizard, and the client's link.
 */
async function contractIn(language: Language) {
  const contractor = await signedInPage(running, { company: 'Greenline Irrigation' });
  const base = running.app().url;
  const post = async (url: string, data: unknown) => {
    const answer = await contractor.request.post(`${base}${url}`, {
      data,
      headers: { origin: base },
    });
    if (!answer.ok()) throw new Error(`${url}: ${answer.status()} ${await answer.text()}`);
    return (await answer.json()) as { id: number };
  };
  const client = { name: 'Dana Homeowner', email: uniqueEmail(`dana.${language}`) };
  const draft = {
    ...sendableDraft({ ...client, phone: '5552013344' }, 1_234_500),
    language,
    payment_plan_json: LANGUAGES[language].stages.map(([label, percent, trigger]) => ({
      label,
      percent,
      trigger,
      amount_cents: 0,
    })),
  };
  await post('/api/acceptances', { type: 'legal_disclaimer', typed_name: 'Casey Green' });
  const { id } = await post('/api/contracts', draft);
  const { id: draftId } = await post('/api/contracts', draft);
  await post(`/api/contracts/${id}/sign-mine`, { signature: TEST_SIGNATURE_PNG });
  await post(`/api/contracts/${id}/send`, { client_data: client });
  const mail = await running.smtp().waitFor((message) => message.to.includes(client.email), 15_000);
  return { contractor, id, draftId, link: signingLinkIn(mail.text) };
}

/**
 * Every box around `element` (through shadow roots and frames) that scrolls its content inside
 * the page, the page's own scroller excepted: the window's, or on a phone the app's `#page`
 * (web/src/components/app-frame.module.css). A frame counts when its document is taller than it.
 */
async function boxesScrollingAround(element: Locator): Promise<string[]> {
  const found: string[] = [];
  let handle: ElementHandle<Element> | null = await element.elementHandle();
  let frame: Frame | null = await handle.ownerFrame();
  while (frame && handle) {
    found.push(
      ...(await handle.evaluate((start) => {
        const scrolling: string[] = [];
        const page = start.ownerDocument.scrollingElement;
        const inFrame = start.ownerDocument.defaultView !== window.top;
        if (inFrame && page && page.scrollHeight > page.clientHeight + 1) {
          scrolling.push(`a frame ${page.clientHeight}px tall for ${page.scrollHeight}px`);
        }
        for (let node: Element | null = start; node;) {
          const overflow = getComputedStyle(node).overflowY;
          const scrolls = overflow === 'auto' || overflow === 'scroll';
          const pageScroller = node === page || node.id === 'page';
          if (scrolls && !pageScroller && node.scrollHeight > node.clientHeight + 1) {
            scrolling.push(`<${node.tagName.toLowerCase()} class="${node.className}">`);
          }
          const root = node.getRootNode();
          node = node.parentElement ?? (root instanceof ShadowRoot ? root.host : null);
        }
        return scrolling;
      })),
    );
    handle = frame.parentFrame() ? ((await frame.frameElement()) as ElementHandle<Element>) : null;
    frame = frame.parentFrame();
  }
  return found;
}

/**
 * The phrases (of `phrases`) found under `root` that a line break cuts in two, and with
 * `everyWord` any word cut in two too.
 */
function cutPhrases(
  root: Locator,
  phrases: readonly string[],
  everyWord = false,
): Promise<string[]> {
  return root.evaluate(
    (element, { wanted, everyWord }) => {
      const cut = new Set<string>();
      // Text under the element, into the shadow roots it holds (the signing page without script).
      const texts = (node: Node): Text[] => [
        ...(node instanceof Text ? [node] : []),
        ...(node instanceof Element && node.shadowRoot ? texts(node.shadowRoot) : []),
        ...[...node.childNodes].flatMap(texts),
      ];
      for (const text of texts(element)) {
        const data = text.data;
        const words = everyWord
          ? [...data.matchAll(/\S+/g)].map((match) => [match.index, match[0]] as const)
          : [];
        const spans = [
          ...words,
          ...wanted.flatMap((phrase) => {
            const at = data.indexOf(phrase);
            return at < 0 ? [] : [[at, phrase] as const];
          }),
        ];
        for (const [at, phrase] of spans) {
          const range = element.ownerDocument.createRange();
          range.setStart(text, at);
          range.setEnd(text, at + phrase.length);
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (lines.size > 1) cut.add(phrase);
        }
      }
      return [...cut];
    },
    { wanted: phrases, everyWord },
  );
}

/** The payment table reads whole: no word or phrase cut, nothing wider than the table's box. */
async function expectWholePaymentTable(document: Page | FrameLocator, language: Language) {
  const table = document.locator('table.payments');
  await table.waitFor();
  expect(await cutPhrases(table, wholePhrases(language), true)).toEqual([]);
  expect(await table.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);
  // The stage labels are one line each on a phone, in both languages.
  for (const [index, [label]] of LANGUAGES[language].stages.entries()) {
    const cell = table.getByText(`${index + 1}. ${label}`);
    const lines = await cell.evaluate(
      (box) => box.getBoundingClientRect().height / parseFloat(getComputedStyle(box).lineHeight),
    );
    expect(lines, label).toBeLessThan(1.5);
  }
  // Phone numbers, wherever the contract shows them (an address or email may wrap).
  expect(await cutPhrases(document.locator('body'), wholePhrases(language))).toEqual([]);
}

/** A frame sized by script takes its document's height (read from inside, whatever its sandbox). */
async function expectFrameFitsItsDocument(frame: Locator) {
  const documentHeight = () =>
    frame
      .contentFrame()
      .locator('html')
      .evaluate((root) => root.getBoundingClientRect().height);
  const frameHeight = () => frame.evaluate((element) => element.clientHeight);
  await expect
    .poll(async () => (await frameHeight()) - (await documentHeight()))
    .toBeGreaterThanOrEqual(0);
  expect(await frameHeight()).toBeGreaterThan(3 * PHONE.height);
}

const opened: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(opened.map((context) => context.close()));
});

describe.each(Object.keys(LANGUAGES) as Language[])(
  'a contract in %s on a 390 px phone',
  (language) => {
    const words = LANGUAGES[language];
    let sent: Awaited<ReturnType<typeof contractIn>>;
    beforeAll(async () => {
      sent = await contractIn(language);
    });

    it('flows in the signing page without JavaScript, and its table reads whole', async () => {
      const context = await running.browser().newContext({
        viewport: PHONE,
        javaScriptEnabled: false,
        extraHTTPHeaders: { 'x-forwarded-for': `198.19.31.${language === 'en' ? 1 : 2}` },
      });
      opened.push(context);
      const page = await context.newPage();
      await page.goto(sent.link);
      const end = page.getByText(words.lastWords);
      await end.waitFor({ timeout: 10_000 });
      await page.screenshot({
        path: path.join(SHOTS, `signing-${language}-js-off.png`),
        fullPage: true,
      });
      expect(await boxesScrollingAround(end)).toEqual([]);
      expect(await page.locator('iframe').isVisible()).toBe(false);
      // The page itself is as long as the contract, and the consent follows its last words.
      const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(pageHeight).toBeGreaterThan(4 * PHONE.height);
      const consent = page.getByRole('heading', { name: words.consent });
      const [endBox, consentBox] = await Promise.all([end.boundingBox(), consent.boundingBox()]);
      expect(consentBox?.y ?? 0).toBeGreaterThan((endBox?.y ?? Infinity) + (endBox?.height ?? 0));
      await expectWholePaymentTable(page, language);
      await page.locator('table.payments').screenshot({
        path: path.join(SHOTS, `table-${language}-js-off.png`),
      });
    });

    it('flows in the signing page with JavaScript, and its table reads whole', async () => {
      const { page } = await newPage(running.browser(), running.app().url, PHONE);
      await page.goto(sent.link);
      const frame = page.locator('iframe.contract');
      expect(await frame.getAttribute('title')).toBe(words.frame);
      const end = frame.contentFrame().getByText(words.lastWords);
      await end.waitFor();
      await expectFrameFitsItsDocument(frame);
      expect(await boxesScrollingAround(end)).toEqual([]);
      await expectWholePaymentTable(frame.contentFrame(), language);
      expect(await cutPhrases(page.locator('header.banner'), ['(555) 123-4567'])).toEqual([]);
      await page.screenshot({
        path: path.join(SHOTS, `signing-${language}-js-on.png`),
        fullPage: true,
      });
    });

    it('flows in the wizard’s preview', async () => {
      const page = sent.contractor;
      await page.goto(`/wizard?id=${sent.draftId}`);
      for (const step of ['Step 2 of 5', 'Step 3 of 5', 'Step 4 of 5']) {
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByText(step).waitFor();
      }
      const frame = page.locator('iframe[title="Contract preview"]');
      const end = page.frameLocator('iframe[title="Contract preview"]').getByText(words.lastWords);
      await end.waitFor();
      await expectFrameFitsItsDocument(frame);
      expect(await boxesScrollingAround(end)).toEqual([]);
      await frame.contentFrame().locator('table.payments').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `wizard-preview-${language}.png`) });
    });

    it('flows in the contract’s page, and its table reads whole', async () => {
      const page = sent.contractor;
      await page.goto(`/contracts/${sent.id}`);
      const frame = page.locator(`iframe[title="Contract #${sent.id} as sent"]`);
      const end = frame.contentFrame().getByText(words.lastWords);
      await end.waitFor();
      await expectFrameFitsItsDocument(frame);
      expect(await boxesScrollingAround(end)).toEqual([]);
      await expectWholePaymentTable(frame.contentFrame(), language);
      await frame.contentFrame().locator('table.payments').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `contract-page-${language}.png`) });
    });
  },
);
