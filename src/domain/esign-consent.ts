/**
 * The version of the ESIGN Act consumer disclosure the homeowner accepts before signing on
 * /esign/:token (15 U.S.C. 7001(c)). Its text is the signing page's catalogue, in English and
 * Spanish (src/domain/i18n/en/signing.ts, es/signing.ts). Bump the version whenever the text
 * changes in either language; the signature records which version, in which language, the
 * client agreed to.
 */
export const ESIGN_CONSENT_VERSION = '2026-11-21';
