/**
 * `npm run lighthouse` (issue 8, "Page budgets"): audits the production build as a phone sees it.
 * Builds the web app when stale, starts the production server on a free port with a throwaway
 * DATA_DIR, prepares an owner account and a contract sent for signature through the REST API,
 * then runs Lighthouse (mobile emulation, Debian's Chromium) on /login, / and /wizard (signed in)
 * and the client's signing page, and prints one Markdown table with the goal check.
 *
 * `--runs=N` (default 3): runs per page; the run with the median performance score is reported.
 * Exits 1 when Lighthouse cannot run. A missed goal is printed as FAIL; with `--strict` it also
 * exits 1 (scores move a few points between runs on a busy machine, so the default reports only).
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startApp, type RunningApp } from '../../web/e2e/support/app-server.js';
import { buildWebApp, isWebBuildStale } from '../web-build.js';
import { auditPages, type PageToAudit } from './audit.js';
import { prepareAuditData } from './prepare-data.js';
import { checkGoals, formatFindings, formatTable } from './report.js';
import {
  chunkContentsPath,
  modulesIn,
  readChunkContents,
  TRPC_CLIENT,
  WIZARD_AND_TEMPLATE_CODE,
} from './chunk-contents.js';

const SIGNING_PAGE = '/esign/:token';
const distDir = path.resolve(import.meta.dirname, '../../web/dist');
const strict = process.argv.includes('--strict');
const runs = Number(
  /^--runs=(\d+)$/.exec(process.argv.find((arg) => arg.startsWith('--runs=')) ?? '')?.[1] ?? 3,
);

async function main(): Promise<number> {
  const started = Date.now();
  if (isWebBuildStale() || !existsSync(chunkContentsPath(distDir))) {
    console.log('Building the web app (missing or older than its sources)...');
    buildWebApp();
  }
  const chunks = readChunkContents(distDir);

  let app: RunningApp | undefined;
  try {
    // No SMTP: the signing request is written under DATA_DIR, where the link is read from.
    app = await startApp({ SMTP_URL: '' });
    console.log(`Server on ${app.url}; preparing an account and a sent contract...`);
    const data = await prepareAuditData(app);

    const pages: PageToAudit[] = [
      { name: '/login', path: '/login' },
      { name: '/ (signed in)', path: '/', cookie: data.cookie },
      { name: '/wizard (signed in)', path: '/wizard', cookie: data.cookie },
      { name: SIGNING_PAGE, path: data.signingPath },
    ];
    const reportDir = mkdtempSync(path.join(tmpdir(), 'tradesign-lighthouse-'));
    console.log(`Running Lighthouse (mobile emulation, simulated slow 4G), ${runs} runs a page...`);
    const audits = await auditPages(app.url, pages, { runs, reportDir });

    const signingScripts = audits.find((audit) => audit.page.name === SIGNING_PAGE)?.scripts ?? [];
    const wizardCode = modulesIn(chunks, signingScripts, WIZARD_AND_TEMPLATE_CODE);
    const trpcCode = modulesIn(chunks, signingScripts, TRPC_CLIENT);
    const goals = checkGoals(audits, SIGNING_PAGE, [
      ...(wizardCode.length > 0 ? ['loads wizard/template code'] : []),
      ...(trpcCode.length > 0 ? ['loads the tRPC client'] : []),
    ]);
    console.log(`\n${formatTable(audits, goals)}\n`);
    console.log(`JS the signing page loaded: ${signingScripts.join(', ') || 'none'}`);
    const unknown = signingScripts.filter((script) => !chunks.has(script));
    if (unknown.length > 0)
      console.log(`  (not in this build's chunk list: ${unknown.join(', ')})`);
    console.log(describeCheck('Wizard/template code on the signing page', wizardCode));
    console.log(describeCheck('The tRPC client on the signing page', trpcCode));
    const findings = formatFindings(audits);
    if (findings) console.log(`\nAudits below 90 (details in the JSON reports):\n${findings}`);
    console.log(`\nFull Lighthouse reports (JSON): ${reportDir}`);
    console.log(`Done in ${((Date.now() - started) / 1000).toFixed(0)} s`);

    const missed = goals.misses.some((misses) => misses.length > 0);
    if (missed) console.log('\nFAIL: some page budgets were missed (see the goals column).');
    return missed && strict ? 1 : 0;
  } finally {
    await app?.stop();
  }
}

function describeCheck(what: string, found: { script: string; module: string }[]): string {
  if (found.length === 0) return `${what}: none`;
  const modules = found.map(({ script, module }) => `${module} (in ${script})`);
  return `FAIL: ${what}:\n  ${modules.join('\n  ')}`;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('Lighthouse run failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
