import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { DEBIAN_CHROMIUM_PATH, headlessChromiumFlags } from '../../src/lib/chromium.js';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface PageToAudit {
  /** How the table names the page. */
  name: string;
  path: string;
  /** A `name=value` session cookie for the signed-in pages. */
  cookie?: string;
}

export interface PageAudit {
  page: PageToAudit;
  /** 0-100 per category; null when Lighthouse could not score it. */
  scores: Record<Category, number | null>;
  /** Bytes on the wire (compressed, as served) per resource type. */
  jsBytes: number;
  cssBytes: number;
  /** Every script the page requested, by URL path. */
  scripts: string[];
  /** Audits of the scored categories that scored below 90, to say where a score was lost. */
  failedAudits: { category: Category; id: string; title: string }[];
  reportFile: string;
}

/**
 * Audits each page in turn in one Chromium with Lighthouse's default config: a mid-range phone
 * (mobile emulation) on simulated slow 4G. Writes each full report as JSON into `reportDir`.
 */
export async function auditPages(
  baseUrl: string,
  pages: PageToAudit[],
  options: { runs: number; reportDir: string },
): Promise<PageAudit[]> {
  const chrome = await launch({
    chromePath: DEBIAN_CHROMIUM_PATH,
    chromeFlags: headlessChromiumFlags(),
  });
  try {
    const audits: PageAudit[] = [];
    for (const page of pages) {
      const started = Date.now();
      const runs: Result[] = [];
      for (let run = 0; run < options.runs; run += 1) {
        runs.push(await auditOnce(chrome.port, `${baseUrl}${page.path}`, page.cookie));
      }
      const lhr = medianRun(runs);
      const reportFile = path.join(options.reportDir, `${slug(page.name)}.json`);
      await writeFile(reportFile, JSON.stringify(lhr, null, 2));
      audits.push({ page, reportFile, ...summarize(lhr) });
      const scores = runs.map((run) => Math.round((run.categories.performance?.score ?? 0) * 100));
      console.log(
        `  ${page.name}: performance ${scores.join(', ')} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
      );
    }
    return audits;
  } finally {
    chrome.kill();
  }
}

/**
 * One Lighthouse run. A run that fails to record the page (it happens now and then on a busy
 * machine, e.g. NO_NAVSTART) is tried once more before giving up.
 */
async function auditOnce(port: number, url: string, cookie?: string): Promise<Result> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  };
  let failure = '';
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const lhr = (await lighthouse(url, flags))?.lhr;
    if (lhr && !lhr.runtimeError) return lhr;
    failure = lhr?.runtimeError?.message ?? 'no result';
  }
  throw new Error(`Lighthouse failed on ${new URL(url).pathname}: ${failure}`);
}

/**
 * Scores move between runs (CPU timings on a shared machine); Lighthouse's advice is to report
 * the median of several runs. The run with the median performance score is reported whole.
 */
function medianRun(runs: Result[]): Result {
  const sorted = [...runs].sort(
    (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
  );
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('no Lighthouse runs');
  return median;
}

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

function summarize(lhr: Result): Omit<PageAudit, 'page' | 'reportFile'> {
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => {
      const score = lhr.categories[id]?.score;
      return [id, typeof score === 'number' ? Math.round(score * 100) : null];
    }),
  ) as Record<Category, number | null>;

  const details = lhr.audits['network-requests']?.details;
  const requests = (details && 'items' in details ? details.items : []) as NetworkRequest[];
  const bytesOf = (type: string) =>
    requests
      .filter((request) => request.resourceType === type)
      .reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
  const scripts = requests
    .filter((request) => request.resourceType === 'Script')
    .map((request) => new URL(request.url).pathname);

  const failedAudits = CATEGORIES.flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 0.9)
      .map((audit) => ({ category, id: audit!.id, title: audit!.title })),
  );

  return {
    scores,
    jsBytes: bytesOf('Script'),
    cssBytes: bytesOf('Stylesheet'),
    scripts,
    failedAudits,
  };
}

const slug = (name: string) => name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root';
