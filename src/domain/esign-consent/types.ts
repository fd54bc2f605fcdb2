/**
 * The shapes of the ESIGN consumer notice (15 U.S.C. 7001(c)), apart from notice.ts so the
 * catalogues can type their texts without importing the module that reads them.
 */

/**
 * What the notice prints about the contractor, read from the contract (its company name, phone
 * and email) and from the contract owner's preferences (the paper-copy fee) when the page is
 * rendered and again when the client signs. A signature records them, so the notice shown can
 * be rebuilt word for word later.
 */
export interface ConsentFacts {
  companyName: string | null;
  companyPhone: string | null;
  companyEmail: string | null;
  /** Null or 0: no fee for a paper copy. */
  paperCopyFeeCents: number | null;
}

/** One version's words in one language, before they are labelled with version and language. */
export interface NoticeWords {
  title: string;
  sections: { heading: string; text: string }[];
  /** The consent checkbox's label: the last words of the notice. */
  checkbox: string;
}

/** The notice texts of one language, by version (src/domain/i18n/<lang>/consent-notice.ts). */
export type NoticeTexts = Record<string, (facts: ConsentFacts) => NoticeWords>;
