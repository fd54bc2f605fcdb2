import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { UNBUNDLED_PACKAGES } from './production-packages.js';

/**
 * The whole server and command line in one plain JavaScript file (docs/decisions/030): no tsx and
 * no TypeScript at run time, one file to parse at start. Identifiers keep their names so a stack
 * trace still reads; no source map is shipped (it would carry this machine's paths and sources).
 */
export async function bundleServer(root: string, outfile: string): Promise<esbuild.Metafile> {
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [path.join(root, 'src/cli/entry.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    define: { TRADESIGN_BUNDLED: 'true' },
    external: [...UNBUNDLED_PACKAGES],
    // CommonJS packages inside an ES module bundle still call require() for Node's own modules.
    banner: {
      js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);",
    },
    minifySyntax: true,
    minifyWhitespace: true,
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
  });
  refuseNonAscii(outfile);
  return result.metafile;
}

/**
 * esbuild escapes non-ASCII characters in strings but not in regular expression literals. One
 * such character makes V8 keep the whole 5 MB source as a two-byte string: 10 MB of the idle
 * server's memory instead of 5 (docs/perf.md). Write `\u2022` in the regular expression instead.
 */
function refuseNonAscii(outfile: string): void {
  const code = fs.readFileSync(outfile, 'utf8');
  const at = code.search(/[\u0080-\uffff]/);
  if (at < 0) return;
  throw new Error(
    `The server bundle must be ASCII, but has a non-ASCII character in: ${code.slice(Math.max(0, at - 60), at + 20)}`,
  );
}
