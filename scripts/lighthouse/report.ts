import type { Category, PageAudit } from './audit.js';

/** Issue 8, "Page budgets": every page, and the signing page's stricter floor. */
const EVERY_PAGE: Partial<Record<Category, number>> = { performance: 90, accessibility: 95 };
const SIGNING_PAGE: Partial<Record<Category, number>> = { performance: 95, accessibility: 100 };

export interface GoalCheck {
  /** Per page (same order as the audits): the goals it missed, empty when it met them all. */
  misses: string[][];
}

/** `signingPageViolations`: what the signing page loaded that it must not, e.g. 'loads the wizard'. */
export function checkGoals(
  audits: PageAudit[],
  signingPageName: string,
  signingPageViolations: string[],
): GoalCheck {
  const signing = audits.find((audit) => audit.page.name === signingPageName);
  const misses = audits.map((audit) => {
    const isSigningPage = audit === signing;
    const floors = isSigningPage ? SIGNING_PAGE : EVERY_PAGE;
    const missed = Object.entries(floors).flatMap(([category, floor]) => {
      const score = audit.scores[category as Category];
      return score === null || score < floor ? [`${category} ${score ?? 'n/a'} < ${floor}`] : [];
    });
    return isSigningPage ? [...missed, ...signingPageViolations] : missed;
  });
  return { misses };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const score = (value: number | null) => (value === null ? 'n/a' : String(value));

/** One Markdown table: scores, the JS and CSS each page downloads (compressed, as sent: brotli), goals. */
export function formatTable(audits: PageAudit[], goals: GoalCheck): string {
  const header = [
    'page',
    'performance',
    'accessibility',
    'best practices',
    'JS KB sent',
    'CSS KB sent',
    'goals',
  ];
  const rows = audits.map((audit, index) => {
    const missed = goals.misses[index] ?? [];
    return [
      audit.page.name,
      score(audit.scores.performance),
      score(audit.scores.accessibility),
      score(audit.scores['best-practices']),
      kb(audit.jsBytes),
      kb(audit.cssBytes),
      missed.length === 0 ? 'pass' : `FAIL: ${missed.join('; ')}`,
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [
    line(header),
    `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}

/** Audits that pulled a page's scores down, so a FAIL says where to look. */
export function formatFindings(audits: PageAudit[]): string {
  return audits
    .filter((audit) => audit.failedAudits.length > 0)
    .map((audit) => {
      const findings = audit.failedAudits.map(
        (finding) => `  - ${finding.category}: ${finding.title} (${finding.id})`,
      );
      return [`${audit.page.name}:`, ...findings].join('\n');
    })
    .join('\n');
}
