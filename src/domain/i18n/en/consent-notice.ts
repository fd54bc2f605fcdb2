import type { ConsentFacts, NoticeTexts } from '../../esign-consent/types.js';
import { noticePhone } from '../../esign-consent/notice-phone.js';
import { formatUsd } from '../../money.js';

/**
 * The ESIGN consumer notice in English, one text per version (src/domain/esign-consent/). Never
 * edit a version's words: add a version. '2026-11-21' is the first text, kept word for word so
 * consents given under it still resolve.
 */

/** The contractor as the notice names them; the contract may not have a company name. */
function contractor(facts: ConsentFacts): { who: string; Who: string; named: boolean } {
  const name = facts.companyName?.trim();
  if (name) return { who: name, Who: name, named: true };
  return {
    who: 'the contractor named on this contract',
    Who: 'The contractor named on this contract',
    named: false,
  };
}

const NOT_GIVEN = 'not given';
const phoneOf = (facts: ConsentFacts) =>
  facts.companyPhone?.trim() ? noticePhone(facts.companyPhone) : NOT_GIVEN;
const emailOf = (facts: ConsentFacts) => facts.companyEmail?.trim() || NOT_GIVEN;

function paperCopyFee(facts: ConsentFacts, Who: string): string {
  const fee = facts.paperCopyFeeCents;
  return fee && fee > 0
    ? `${Who} charges a fee of ${formatUsd(fee)} for each paper copy.`
    : `${Who} does not charge a fee for a paper copy.`;
}

export const consentNotices: NoticeTexts = {
  '2026-11-21': () => ({
    title: 'Consent to Electronic Records and Signatures',
    sections: [
      {
        heading: 'Electronic records and signatures',
        text:
          'By checking the box below, you agree to receive this contract and related notices ' +
          'electronically and to sign it electronically. Your electronic signature is legally ' +
          'binding, just like a handwritten signature, and you can ask the sender for a paper ' +
          'copy at any time.',
      },
      {
        heading: '',
        text:
          'This disclosure explains your rights when you receive and sign records ' +
          'electronically, as required by the federal Electronic Signatures in Global and ' +
          'National Commerce Act (ESIGN Act). Please read it before you agree.',
      },
      {
        heading: 'Scope of your consent',
        text:
          'If you agree, you consent to receive this contract, any notices and disclosures ' +
          'that come with it, and related records from the sender (the contractor named on ' +
          'this contract) electronically, and to sign this contract electronically. Your ' +
          'consent applies to this contract and the records related to it only.',
      },
      {
        heading: 'Your electronic signature',
        text:
          'When you draw your signature and select Sign Contract, your electronic signature ' +
          'has the same legal effect as signing the contract on paper by hand.',
      },
      {
        heading: 'Paper copies',
        text:
          'You have the right to receive this contract and related records on paper. To ask ' +
          'for a paper copy, contact the sender directly using the contact details shown on ' +
          'this page or in the email you received. TradeSign does not charge any fee for paper ' +
          'copies; ask the sender whether they charge one.',
      },
      {
        heading: 'Withdrawing your consent',
        text:
          'You may withdraw your consent to do business electronically at any time before you ' +
          'sign: simply do not sign here, and contact the sender to arrange to sign on paper ' +
          'instead. Withdrawing your consent may delay the start of your project while a paper ' +
          'contract is prepared. Withdrawing your consent after you have signed does not undo ' +
          'a signature you have already given.',
      },
      {
        heading: 'Updating your contact information',
        text:
          'If your email address or other contact details change, please tell the sender ' +
          'directly so that you continue to receive notices and records about this contract.',
      },
      {
        heading: 'What you need',
        text:
          'To access and keep these records you need: a device with a current web browser ' +
          '(such as a recent version of Chrome, Safari, Firefox or Edge), an email account ' +
          'that can receive messages, and the ability to view and print, or save, HTML or PDF ' +
          'documents. By agreeing, you confirm that you can open this page and read this ' +
          'contract, which shows that you can access records in the electronic form we will ' +
          'use.',
      },
      {
        heading: 'Your copy',
        text:
          'After you sign, you will receive a copy of the signed contract by email. While the ' +
          'link is valid you can also open it again to view the signed contract, and you may ' +
          'print or save the contract for your records.',
      },
    ],
    checkbox: 'I agree to use electronic records and signatures',
  }),

  '2026-11-29': (facts) => {
    const { who, Who, named } = contractor(facts);
    const phone = phoneOf(facts);
    const email = emailOf(facts);
    return {
      title: 'Notice: Consent to Electronic Records and Signatures',
      sections: [
        {
          heading: 'About this notice',
          text:
            'Federal law (the Electronic Signatures in Global and National Commerce Act, or ' +
            `"ESIGN Act") requires this notice before ${who} may give you records ` +
            'electronically instead of on paper. ' +
            (named ? `${Who} is the contractor who sent you this contract. ` : '') +
            'TradeSign is the service used to send it. Please read this notice before you agree.',
        },
        {
          heading: 'Records this consent covers',
          text:
            `If you agree, ${who} may give you these records electronically, by email or ` +
            'through a secure link: this contract; your signed copy of it; notices about this ' +
            'contract; change orders to this contract; and receipts for payments under this ' +
            'contract. You also agree to sign this contract electronically. Your consent covers ' +
            'these records about this contract only.',
        },
        {
          heading: 'Your electronic signature',
          text:
            'When you type your name, draw your signature and select "Sign Contract", your ' +
            'electronic signature has the same legal effect as signing this contract by hand ' +
            'on paper.',
        },
        {
          heading: 'Paper copies',
          text:
            `You may ask ${who} for a paper copy of any of these records at any time, even ` +
            `after you sign. ${paperCopyFee(facts, Who)} Asking for a paper copy does not ` +
            'withdraw your consent.',
        },
        {
          heading: 'Withdrawing your consent',
          text:
            'You may withdraw your consent at any time, before or after you sign, by ' +
            `contacting ${who} (phone: ${phone}; email: ${email}). There is no fee for ` +
            `withdrawing your consent. If you withdraw it, ${who} will give you any later ` +
            'records about this contract on paper. Withdrawing does not change the validity or ' +
            'legal effect of records you were already given electronically, or of a signature ' +
            'you already gave. If you do not want to sign electronically, do not sign here: ' +
            `ask ${who} for a paper contract instead.`,
        },
        {
          heading: 'Keeping your contact details up to date',
          text:
            `If your email address or phone number changes, tell ${who} by email or by phone ` +
            `(email: ${email}; phone: ${phone}), so that you keep receiving the records about ` +
            'this contract.',
        },
        {
          heading: 'Hardware and software you need',
          text:
            'To open and keep these records you need: a phone, tablet or computer with a ' +
            'current web browser (such as a recent version of Chrome, Safari, Firefox or Edge); ' +
            'an email account that can receive messages; a program that opens PDF files (most ' +
            'browsers, phones and computers have one); and room on your device to save the ' +
            'files, or a printer. Your signed copy comes as a PDF file. If these requirements ' +
            'change in a way that could stop you from opening or keeping these records, ' +
            `${who} will tell you the new requirements first, and you may then withdraw your ` +
            'consent without a fee.',
        },
        {
          heading: 'Your copy',
          text:
            'After you sign, you will receive a copy of the signed contract by email, as a PDF ' +
            'file. Before you sign, you can download this contract as a PDF with the link ' +
            '"Download this contract (PDF)" on this page. Save or print your copies for your ' +
            'records.',
        },
        {
          heading: 'Your agreement',
          text:
            'By checking the box below, you confirm that you have read this notice, that you ' +
            'can open PDF files such as this contract, and that you agree to receive the ' +
            'records listed above electronically and to sign this contract electronically.',
        },
      ],
      checkbox:
        'I have read this notice and I can open PDF files. I agree to use electronic records ' +
        'and signatures.',
    };
  },
};
