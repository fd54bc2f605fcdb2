import fs from 'node:fs';
import path from 'node:path';

export interface LicensedPackage {
  name: string;
  version: string;
  license: string;
  /** The package's own license text, when it ships one. */
  text: string | null;
}

/** The folder of the package a bundled file came from: the last node_modules/<name> in its path. */
export function packageDirOf(file: string): string | null {
  const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(file);
  return match?.[1] ?? null;
}

function licenseText(dir: string): string | null {
  const file = fs
    .readdirSync(dir)
    .find((name) => /^(licen[cs]e|copying|notice)(\.(md|txt|markdown))?$/i.test(name));
  return file ? fs.readFileSync(path.join(dir, file), 'utf8').trim() : null;
}

/** Name, version, license and license text of each package folder (one entry per name@version). */
export function describeLicenses(dirs: Iterable<string>): LicensedPackage[] {
  const byId = new Map<string, LicensedPackage>();
  for (const dir of dirs) {
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      name?: string;
      version?: string;
      license?: string | { type?: string };
    };
    // Some packages keep a package.json in a subfolder (for "type"), without a name: skip those.
    if (!pkg.name || !pkg.version) continue;
    const id = `${pkg.name}@${pkg.version}`;
    if (byId.has(id)) continue;
    const license =
      typeof pkg.license === 'string' ? pkg.license : (pkg.license?.type ?? 'see text');
    byId.set(id, { name: pkg.name, version: pkg.version, license, text: licenseText(dir) });
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** One plain text file: a list first, then each license text. */
export function thirdPartyNotices(packages: LicensedPackage[]): string {
  const list = packages.map((pkg) => `  ${pkg.name} ${pkg.version} (${pkg.license})`).join('\n');
  const texts = packages
    .map(
      (pkg) =>
        `${'='.repeat(78)}\n${pkg.name} ${pkg.version} (${pkg.license})\n${'='.repeat(78)}\n\n` +
        (pkg.text ?? `No license file in the package; its package.json says: ${pkg.license}.`),
    )
    .join('\n\n');
  return (
    'TradeSign ships the following open-source packages, in its bundled server (app/tradesign.mjs)\n' +
    "and in app/node_modules. The Node.js runtime's license is in node/LICENSE.\n\n" +
    `${list}\n\n${texts}\n`
  );
}
