import { describe, expect, it } from 'vitest';
import type { PageAudit } from './audit.js';
import { checkGoals, formatTable } from './report.js';

function audit(name: string, performance: number, accessibility: number): PageAudit {
  return {
    page: { name, path: '/' },
    scores: { performance, accessibility, 'best-practices': 100 },
    jsBytes: 150 * 1024,
    cssBytes: 20 * 1024,
    scripts: [],
    failedAudits: [],
    reportFile: '/tmp/report.json',
  };
}

describe('page budgets (issue 8)', () => {
  it('holds every page to 90 performance and 95 accessibility', () => {
    const goals = checkGoals([audit('/login', 90, 95), audit('/', 89, 94)], '/esign/:token', []);
    expect(goals.misses).toEqual([[], ['performance 89 < 90', 'accessibility 94 < 95']]);
  });

  it('holds the signing page to 95 and 100, and to loading no wizard code', () => {
    const pages = [audit('/esign/:token', 94, 100), audit('/wizard', 94, 99)];
    const goals = checkGoals(pages, '/esign/:token', ['loads wizard/template code']);
    expect(goals.misses).toEqual([['performance 94 < 95', 'loads wizard/template code'], []]);
  });

  it('prints one Markdown row per page with the goal check', () => {
    const pages = [audit('/login', 93, 100), audit('/esign/:token', 87, 100)];
    const table = formatTable(pages, checkGoals(pages, '/esign/:token', [])).split('\n');
    expect(table[0]).toMatch(/^\| page +\| performance \| accessibility \| best practices \|/);
    expect(table[2]).toMatch(
      /^\| \/login +\| 93 +\| 100 +\| 100 +\| 150\.0 +\| 20\.0 +\| pass +\|$/,
    );
    expect(table[3]).toContain('FAIL: performance 87 < 95');
  });
});
