/**
 * `npm run deps:check`: dependency hygiene (issue 8 item 7). Reads package-lock.json and asks the
 * npm registry whether any installed version is deprecated, then runs `npm audit` for high and
 * critical advisories. Some registries (and mirrors) do not answer the audit endpoint; that is
 * reported as "not checked", never as clean. Exits 1 when a problem is found.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

interface LockFile {
  /** `name` is set where the folder is an alias (`typescript-7` holds `typescript`). */
  packages: Record<string, { name?: string; version?: string; link?: boolean }>;
}

const registry = (process.env.npm_config_registry ?? 'https://registry.npmjs.org/').replace(
  /\/?$/,
  '/',
);
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as LockFile;
const installed = new Map<string, Set<string>>();
for (const [location, entry] of Object.entries(lock.packages)) {
  if (!location || entry.link || !entry.version) continue;
  const name =
    entry.name ?? location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length);
  const versions = installed.get(name) ?? new Set<string>();
  versions.add(entry.version);
  installed.set(name, versions);
}

/** The abbreviated metadata carries `deprecated` per version and is small. */
async function deprecations(name: string, versions: Set<string>): Promise<string[]> {
  const answer = await fetch(`${registry}${name.replace('/', '%2f')}`, {
    headers: { accept: 'application/vnd.npm.install-v1+json' },
    signal: AbortSignal.timeout(30_000),
  });
  if (!answer.ok) return [`${name}: registry answered ${answer.status}`];
  const metadata = (await answer.json()) as {
    versions: Record<string, { deprecated?: string }>;
  };
  return [...versions].flatMap((version) => {
    const message = metadata.versions[version]?.deprecated;
    return message ? [`${name}@${version}: ${message}`] : [];
  });
}

const names = [...installed.keys()].sort();
const problems: string[] = [];
for (let start = 0; start < names.length; start += 16) {
  const batch = names.slice(start, start + 16);
  const found = await Promise.all(
    batch.map((name) => deprecations(name, installed.get(name) ?? new Set())),
  );
  problems.push(...found.flat());
}
console.log(`Deprecated: checked ${names.length} packages, ${problems.length} deprecated.`);
for (const problem of problems) console.log(`  ${problem}`);

let auditProblem = false;
try {
  execFileSync('npm', ['audit', '--audit-level=high', '--json'], { stdio: 'pipe' });
  console.log('npm audit: no high or critical advisories.');
} catch (error) {
  const output = String((error as { stdout?: Buffer }).stdout ?? '');
  const report = output ? (JSON.parse(output) as Record<string, unknown>) : {};
  const counts = (report.metadata as { vulnerabilities?: Record<string, number> } | undefined)
    ?.vulnerabilities;
  if (counts) {
    console.log(`npm audit: ${counts.high ?? 0} high, ${counts.critical ?? 0} critical.`);
    auditProblem = (counts.high ?? 0) + (counts.critical ?? 0) > 0;
  } else {
    const reason =
      (report.message as string | undefined) ??
      (report.error as { summary?: string } | undefined)?.summary ??
      'no answer';
    console.log(`npm audit: not checked, the registry's audit endpoint failed (${reason}).`);
  }
}
if (problems.length > 0 || auditProblem) process.exitCode = 1;
