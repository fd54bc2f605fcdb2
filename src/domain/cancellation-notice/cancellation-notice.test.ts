import { describe, expect, it } from 'vitest';
import { freezeContractDocument } from '../contract-document/index.js';
import { renderContract } from '../contract-render.js';
import { formatLongDate } from '../dates.js';
import { LANGUAGES } from '../i18n/languages.js';
import { sampleTemplateData, type ContractTemplateData } from '../template-data.js';
import {
  appendToDocumentBody,
  CANCELLATION_NOTICE_CLASS,
  CANCELLATION_WORDS,
  cancellationNoticeHtml,
} from './index.js';

/** The Notice of Cancellation of a home sale (16 CFR 429.1), as the document carries it. */

const text = (html: string) =>
  html
    .replace(/<\/?span\b[^>]*>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

function homeSale(signedAt: string | null): ContractTemplateData {
  const data = sampleTemplateData({ name: 'Greenleaf & Sons' }, '2026-11-21');
  return {
    ...data,
    contract: { ...data.contract, home_sale: true },
    client_signature: { typed_name: 'Jordan Rivera', timestamp: signedAt, png: null },
  };
}

describe('the Notice of Cancellation', () => {
  it('uses the rule’s own words for the statement by the signature', () => {
    expect(CANCELLATION_WORDS.en.statement).toBe(
      'You, the buyer, may cancel this transaction at any time prior to midnight of the third ' +
        'business day after the date of this transaction. See the attached notice of ' +
        'cancellation form for an explanation of this right.',
    );
  });

  it('has every sentence in every language, none left in English in Spanish', () => {
    for (const language of LANGUAGES) {
      const html = cancellationNoticeHtml({
        language,
        seller: { name: 'A', address: 'B' },
        transactionDate: '2026-11-23',
      });
      expect(html).toContain(`lang="${language}"`);
    }
    const spanish = text(
      cancellationNoticeHtml({
        language: 'es',
        seller: { name: 'A', address: 'B' },
        transactionDate: null,
      }),
    );
    expect(spanish).not.toMatch(/\b(the|you|cancel this|seller|buyer)\b/i);
  });

  it('says in Spanish exactly what the rule says, neither more nor less (docs/decisions/039)', () => {
    const es = CANCELLATION_WORDS.es;
    // "at the seller's expense and risk", as Spanish contracts say it.
    expect(es.ifYouCancelGoods).toContain(
      'seguir las instrucciones del vendedor sobre la devolución de los bienes por envío, por ' +
        'cuenta y riesgo del vendedor.',
    );
    // "all obligations under the contract", not only "yours".
    expect(es.ifGoodsNotPickedUp).toContain(
      'responsable del cumplimiento de todas las obligaciones conforme al contrato.',
    );
    expect(es.mayCancel).toContain('TRES DÍAS HÁBILES');
    expect(es.ifYouCancelReturned).toContain('DIEZ DÍAS HÁBILES');
  });

  it('escapes the seller’s name and address, and leaves captioned blanks for what is missing', () => {
    const html = cancellationNoticeHtml({
      language: 'en',
      seller: { name: '<b>Bad & Co</b>', address: null },
      transactionDate: null,
    });
    expect(html).toContain(
      'to <span style="text-decoration:underline;font-weight:700">&lt;b&gt;Bad &amp; Co&lt;/b&gt;</span>,',
    );
    expect(text(html)).toContain("at (address of seller's place of business) NOT LATER THAN");
  });

  it('prints the deadline counted from the date of the transaction, in the document’s language', () => {
    const html = cancellationNoticeHtml({
      language: 'es',
      seller: { name: 'A', address: 'B' },
      // New Year's Eve: New Year's Day and the Sunday do not count.
      transactionDate: '2026-12-30',
    });
    expect(text(html)).toContain(
      `A MÁS TARDAR A LA MEDIANOCHE DEL ${formatLongDate('2027-01-04', 'es')}.`,
    );
  });
});

describe('a rendered contract of a home sale', () => {
  const template = '<html><body><h1>Contract</h1><p>{{client.name}}</p></body></html>';

  it('ends with the notice, which the document policy keeps as it is', () => {
    const rendered = renderContract(template, homeSale(null), { language: 'en' });
    if (!rendered.ok) throw new Error('did not render');
    const frozen = freezeContractDocument(rendered.html);
    expect(frozen).toMatch(
      new RegExp(
        `<p>Jordan Rivera</p><section class="${CANCELLATION_NOTICE_CLASS}" lang="en" style="break-before:page;page-break-before:always;`,
      ),
    );
    expect(frozen).toMatch(/<\/section><\/body><\/html>$/);
    expect(text(frozen)).toContain('Greenleaf & Sons, at 123 Main Street');
    expect(text(frozen)).toContain('(Date of transaction: the day you sign this contract)');
  });

  it('is dated on the company’s clock once the client has signed', () => {
    // 9:30 PM on Friday, December 25, in Los Angeles: Saturday in UTC.
    const data = homeSale('2026-12-26T05:30:00.000Z');
    const local = renderContract(template, data, {
      language: 'en',
      timeZone: 'America/Los_Angeles',
    });
    const utc = renderContract(template, data, { language: 'en' });
    if (!local.ok || !utc.ok) throw new Error('did not render');
    expect(text(local.html)).toContain('December 25, 2026 (Date of transaction)');
    // Christmas Day, then Saturday 26, Monday 28, Tuesday 29.
    expect(text(local.html)).toContain('NOT LATER THAN MIDNIGHT OF December 29, 2026.');
    expect(text(utc.html)).toContain('December 26, 2026 (Date of transaction)');
    expect(text(utc.html)).toContain('NOT LATER THAN MIDNIGHT OF December 30, 2026.');
  });

  it('is dated the day the last owner signed, when two sign on different days (issue 37)', () => {
    const data = homeSale('2026-12-01T15:00:00.000Z');
    const signedOn = ['2026-12-01T15:00:00.000Z', '2026-12-03T16:00:00.000Z'];
    const signers = data.signers.map((signer, index) => ({
      ...signer,
      signed_at: signedOn[index] ?? null,
    }));
    const rendered = renderContract(template, { ...data, signers }, { language: 'en' });
    if (!rendered.ok) throw new Error('did not render');
    expect(text(rendered.html)).toContain('December 3, 2026 (Date of transaction)');
    // Friday 4, Saturday 5, Monday 7: from the second signature, not the first.
    expect(text(rendered.html)).toContain('NOT LATER THAN MIDNIGHT OF December 7, 2026.');
  });

  it('is the template alone when the sale was not made at home, or the data predates the switch', () => {
    const data = sampleTemplateData(null, '2026-11-21');
    const { home_sale: _omitted, ...older } = data.contract;
    for (const contract of [data.contract, older]) {
      const rendered = renderContract(template, { ...data, contract }, { language: 'en' });
      expect(rendered).toEqual({
        ok: true,
        html: template.replace('{{client.name}}', 'Jordan Rivera'),
      });
    }
  });

  it('appends to a document without a body too', () => {
    expect(appendToDocumentBody('<p>Hi', '<section>N</section>')).toBe(
      '<html><head></head><body><p>Hi</p><section>N</section></body></html>',
    );
  });
});
