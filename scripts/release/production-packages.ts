import fs from 'node:fs';
import path from 'node:path';

/** Packages the server needs as files on disk rather than in the bundle (docs/decisions/030). */
export const UNBUNDLED_PACKAGES = [
  // Native modules: a compiled .node file found through the package's own folder.
  'better-sqlite3',
  'argon2',
  // Loads Chromium's protocol files and its own helpers by path.
  'playwright-core',
  // Serves its own static files (the /api/docs page) from its package folder.
  '@fastify/swagger-ui',
  // Reads its CSS data tables with a require() the bundler cannot follow.
  'css-tree',
  // Requires pg-native only if asked to; bundling would try to resolve it.
  'pg',
] as const;

/** Only needed to compile or download a native module at install time, never to run it. */
const INSTALL_TIME_ONLY = new Set(['prebuild-install', 'node-addon-api', 'node-gyp', 'cross-env']);

export interface ShippedPackage {
  name: string;
  version: string;
  /** The folder, relative to the repository's node_modules' parent (e.g. node_modules/pg). */
  relativeDir: string;
  absoluteDir: string;
}

interface PackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

function readPackageJson(dir: string): PackageJson {
  return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson;
}

/** Node's lookup: node_modules/<name> in this folder, then in each folder above, up to the root. */
function resolvePackageDir(name: string, fromDir: string, root: string): string | null {
  let dir = fromDir;
  for (;;) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === root) return null;
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/**
 * The unbundled packages and everything they need at run time, as installed in `root`'s
 * node_modules, keeping npm's nested layout so each resolves the same versions it was tested with.
 */
export function productionPackages(root: string, names: readonly string[]): ShippedPackage[] {
  const found = new Map<string, ShippedPackage>();
  const visit = (name: string, fromDir: string, optional: boolean) => {
    if (INSTALL_TIME_ONLY.has(name)) return;
    const dir = resolvePackageDir(name, fromDir, root);
    if (!dir) {
      if (optional) return;
      throw new Error(`${name}, needed at run time, is not installed: run npm ci first`);
    }
    if (found.has(dir)) return;
    const pkg = readPackageJson(dir);
    found.set(dir, {
      name: pkg.name,
      version: pkg.version,
      relativeDir: path.relative(root, dir),
      absoluteDir: dir,
    });
    for (const dependency of Object.keys(pkg.dependencies ?? {})) visit(dependency, dir, false);
    for (const dependency of Object.keys(pkg.optionalDependencies ?? {}))
      visit(dependency, dir, true);
  };
  for (const name of names) visit(name, root, false);
  return [...found.values()].sort((a, b) => a.relativeDir.localeCompare(b.relativeDir));
}

/** Top-level folders of a package that running it never reads. */
const SKIPPED_TOP_FOLDERS = new Set([
  'test',
  'tests',
  '__tests__',
  'e2e',
  'docs',
  'example',
  'examples',
  'benchmark',
  '.github',
]);
/** What a native module keeps beside its compiled .node file: sources and build leftovers. */
const NATIVE_BUILD_LEFTOVERS = new Set([
  'deps',
  'src',
  'obj',
  'obj.target',
  'binding.gyp',
  'Makefile',
  'config.gypi',
]);
const SKIPPED_ENDINGS = [
  '.ts',
  '.cts',
  '.mts',
  '.tsx',
  '.map',
  '.cc',
  '.cpp',
  '.c',
  '.h',
  '.a',
  '.o',
  '.gyp',
  '.tsbuildinfo',
  '.mk',
];

/** Whether a file or folder of a package ships, by its path inside the package. */
function ships(relative: string, isNative: boolean): boolean {
  const parts = relative.split(path.sep);
  const name = parts[parts.length - 1] ?? '';
  // Nested packages are shipped on their own, only when something needs them.
  if (parts.includes('node_modules')) return false;
  if (parts.length === 1 && SKIPPED_TOP_FOLDERS.has(name)) return false;
  if (isNative && parts.some((part) => NATIVE_BUILD_LEFTOVERS.has(part))) return false;
  if (name === 'test_extension.node') return false;
  // A package's own tests, wherever it keeps them (pg-protocol keeps them beside its code).
  if (/\.(test|spec)\.[cm]?js$/.test(name)) return false;
  return !SKIPPED_ENDINGS.some((ending) => name.endsWith(ending));
}

/** Copies one package, without what only building it or reading its source needs. */
export function copyPackage(pkg: ShippedPackage, targetRoot: string): void {
  const target = path.join(targetRoot, pkg.relativeDir);
  const isNative = fs.existsSync(path.join(pkg.absoluteDir, 'binding.gyp'));
  fs.cpSync(pkg.absoluteDir, target, {
    recursive: true,
    dereference: true,
    filter: (source) =>
      source === pkg.absoluteDir || ships(path.relative(pkg.absoluteDir, source), isNative),
  });
  // A native module built here makes prebuilt binaries for other platforms dead weight.
  const prebuilds = path.join(target, 'prebuilds');
  if (fs.existsSync(path.join(target, 'build', 'Release')) && fs.existsSync(prebuilds)) {
    fs.rmSync(prebuilds, { recursive: true });
  }
}
