import { PDFDocument } from 'pdf-lib';
import { renderCertificateHtml } from '../../src/features/documents/certificate/index.js';
import { createPdfRenderer } from '../../src/features/documents/pdf-renderer.js';
import { generateSealingCertificate, sealPdf } from '../../src/features/documents/seal/index.js';
import { signedSampleContractHtml } from '../../src/test/factories.js';

export interface ExecutedCopyTiming {
  /** The first run, including Chromium's start. */
  coldMs: number;
  medianWarmMs: number;
  slowestWarmMs: number;
  warmRuns: number;
}

/**
 * How long printing and sealing one executed copy takes here: the standard contract with sample
 * data, then the pipeline's steps (contract pages, certificate page, merge, seal). One cold run,
 * then `warmRuns` warm ones.
 */
export async function measureExecutedCopy(
  chromiumPath: string,
  warmRuns: number,
): Promise<ExecutedCopyTiming> {
  const contractHtml = signedSampleContractHtml();
  const certificate = await renderCertificateHtml({
    contractId: 42,
    title: '',
    companyName: 'Greenleaf Landscaping',
    contractorName: 'Casey Green',
    contractorEmail: 'casey@greenleaf.example',
    clientName: 'Jordan Rivera',
    clientEmail: 'jordan@example.com',
    totalCents: 500_000,
    completedAt: '2026-11-22T16:30:00.000Z',
    signers: [],
    events: [],
    snapshotSha256: '0'.repeat(64),
    contractPagesSha256: null,
    verifyUrl: 'https://contracts.example.com/verify',
  });
  const renderer = createPdfRenderer({
    chromiumPath,
    log: { warn: (_details, message) => console.warn(message) },
  });
  const key = generateSealingCertificate('TradeSign benchmark seal');
  const timings: number[] = [];
  try {
    for (let run = 0; run <= warmRuns; run += 1) {
      const started = performance.now();
      const pages = await renderer.render(contractHtml, { footerLabel: 'Contract #42' });
      const certificatePages = await renderer.render(certificate);
      const merged = await PDFDocument.create();
      for (const part of [pages, certificatePages]) {
        const source = await PDFDocument.load(part);
        for (const page of await merged.copyPages(source, source.getPageIndices()))
          merged.addPage(page);
      }
      await sealPdf(await merged.save({ useObjectStreams: false }), key, {
        reason: 'benchmark',
        location: 'localhost',
        contactInfo: 'localhost',
        name: 'TradeSign',
      });
      timings.push(performance.now() - started);
    }
  } finally {
    await renderer.close();
  }
  const [coldMs = 0, ...warm] = timings;
  warm.sort((a, b) => a - b);
  return {
    coldMs,
    medianWarmMs: warm[Math.floor(warm.length / 2)] ?? 0,
    slowestWarmMs: warm.at(-1) ?? 0,
    warmRuns,
  };
}
