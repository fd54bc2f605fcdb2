import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Written by the build (the chunkContents plugin in vite.config.ts). */
const CHUNK_CONTENTS_FILE = '.vite/chunk-contents.json';

/**
 * Source modules the homeowner's signing page must never download (issue 8, "Page budgets"): the
 * wizard and template screens (their code-split components; the route table itself, with every
 * route's path and search rules, is part of the app's entry), their features, and the template
 * engine. The engine's formatters are not counted: the signing page prints the contractor's
 * phone number with formatPhone.
 */
export const WIZARD_AND_TEMPLATE_CODE = new RegExp(
  [
    String.raw`^web/src/routes/_authed/(wizard|templates/).*\?tsr-split=`,
    String.raw`^web/src/features/(wizard|templates)/`,
    String.raw`^src/domain/template-engine/(?!formatters\.ts$)`,
  ].join('|'),
);
/** The public pages talk to /api with plain fetch (docs/architecture.md). */
export const TRPC_CLIENT = /^(node_modules\/@trpc\/|web\/src\/lib\/trpc\.ts)/;

/** JS file (`/assets/...`) -> the source modules in it (paths from the repository root). */
export type ChunkContents = Map<string, string[]>;

export function chunkContentsPath(distDir: string): string {
  return path.join(distDir, CHUNK_CONTENTS_FILE);
}

export function readChunkContents(distDir: string): ChunkContents {
  const file = chunkContentsPath(distDir);
  if (!existsSync(file)) throw new Error(`${file} is missing: rebuild the web app`);
  const contents = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
  return new Map(Object.entries(contents).map(([chunk, modules]) => [`/${chunk}`, modules]));
}

/** The modules matching `pattern` in the given scripts, e.g. those a page downloaded. */
export function modulesIn(
  contents: ChunkContents,
  scripts: string[],
  pattern: RegExp,
): { script: string; module: string }[] {
  return scripts.flatMap((script) =>
    (contents.get(script) ?? [])
      .filter((module) => pattern.test(module))
      .map((module) => ({ script, module })),
  );
}
