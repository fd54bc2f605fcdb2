import { presetTemplates } from '../../db/seeds/preset-templates.js';
import type { ContractTemplateData } from '../domain/template-data.js';
import { sampleTemplateData } from '../domain/template-data.js';
import { renderTemplate } from '../domain/template-engine/index.js';

/** A real 1x1 transparent PNG as a data URL: the smallest valid drawn signature. */
export const TEST_SIGNATURE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** The sample contract's data with both parties' signatures, as after the client signs. */
export function signedSampleData(): ContractTemplateData {
  return {
    ...sampleTemplateData({ name: 'Greenleaf Landscaping', phone: '5550001111' }, '2026-11-21'),
    signature: {
      typed_name: 'Casey Green',
      timestamp: '2026-11-21T15:04:00.000Z',
      png: TEST_SIGNATURE_PNG,
    },
    client_signature: {
      typed_name: 'Jordan Rivera',
      timestamp: '2026-11-22T16:30:00.000Z',
      png: TEST_SIGNATURE_PNG,
    },
  };
}

/** The standard contract, filled in and signed by both parties: a typical executed document. */
export function signedSampleContractHtml(): string {
  const rendered = renderTemplate(presetTemplates[0]?.html ?? '', signedSampleData());
  if (!rendered.ok) throw new Error('the standard contract did not render');
  return rendered.html;
}
