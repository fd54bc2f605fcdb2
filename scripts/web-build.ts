import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Everything the web bundle is built from; a change to any of these makes web/dist stale. */
const buildInputs = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/signing.html',
  'src/domain',
  'vite.config.ts',
  'package-lock.json',
];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function isWebBuildStale(): boolean {
  const builtAt = newestMtime(path.join(root, 'web/dist/index.html'));
  if (builtAt === 0) return true;
  return buildInputs.some((input) => newestMtime(path.join(root, input)) > builtAt);
}

/** Runs `vite build` in a child process so its memory is returned before the server starts. */
export function buildWebApp(): void {
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('Building the web app failed (see the output above)');
}
