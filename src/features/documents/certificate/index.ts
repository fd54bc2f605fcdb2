export { renderCertificateHtml } from './certificate.js';
export { TIME_ZONE_NOT_RECORDED, formatInTimeZone } from './local-time.js';
export type {
  CertificateEvent,
  CertificateInput,
  CertificateSigner,
  ChangedContract,
} from './types.js';
