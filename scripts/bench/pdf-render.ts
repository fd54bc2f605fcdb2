/**
 * `npm run bench:pdf`: how long printing and sealing one executed copy takes on this machine
 * (issue 7). Renders the standard contract with sample data, then the full pipeline's steps:
 * contract pages, certificate page, merge and seal. Bounded: a few warm runs after one cold run.
 */
import os from 'node:os';
import { PDFDocument } from 'pdf-lib';
import { renderCertificateHtml } from '../../src/features/documents/certificate/index.js';
import { createPdfRenderer } from '../../src/features/documents/pdf-renderer.js';
import { generateSealingCertificate, sealPdf } from '../../src/features/documents/seal/index.js';
import { signedSampleContractHtml } from '../../src/test/factories.js';

const RUNS = 5;
const chromiumPath = process.argv[2] ?? '/usr/bin/chromium';
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
for (let run = 0; run <= RUNS; run += 1) {
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
  // Run 0 includes starting Chromium; it is reported apart.
  timings.push(performance.now() - started);
}
await renderer.close();

const [cold = 0, ...warm] = timings;
warm.sort((a, b) => a - b);
const median = warm[Math.floor(warm.length / 2)] ?? 0;
console.log(
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`,
);
console.log('| executed copy (render + certificate + merge + seal) | ms |');
console.log('| --- | ---: |');
console.log(`| first, including Chromium start | ${cold.toFixed(0)} |`);
console.log(`| median of ${RUNS} warm runs | ${median.toFixed(0)} |`);
console.log(`| slowest warm run | ${(warm.at(-1) ?? 0).toFixed(0)} |`);
