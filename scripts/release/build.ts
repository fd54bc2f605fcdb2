/**
 * `npm run release`: dist/tradesign-<version>-linux-<arch>.tar.gz, one folder a server owner
 * unpacks and runs with ./tradesign, with no compiler, npm or source tree (issue 21;
 * docs/decisions/030). The web app is built first when it is missing or stale.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { appFileLayout } from '../../src/lib/app-files.js';
import { buildWebApp, isWebBuildStale } from '../web-build.js';
import { bundleServer } from './bundle.js';
import { describeLicenses, packageDirOf, thirdPartyNotices } from './licenses.js';
import { copyPackage, productionPackages, UNBUNDLED_PACKAGES } from './production-packages.js';
import { copyNodeRuntime } from './node-runtime.js';

const root = path.resolve(import.meta.dirname, '../..');
const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  version: string;
};
const name = `tradesign-${version}-linux-${process.arch}`;
const distDir = path.join(root, 'dist');
const folder = path.join(distDir, name);
const app = path.join(folder, 'app');
const started = performance.now();
const step = (what: string) =>
  console.log(`[${((performance.now() - started) / 1000).toFixed(1)} s] ${what}`);

if (process.platform !== 'linux') throw new Error('Releases are built on Linux, for Linux.');

if (isWebBuildStale()) {
  step('Building the web app');
  buildWebApp();
}
fs.rmSync(folder, { recursive: true, force: true });
fs.rmSync(`${folder}.tar.gz`, { force: true });
fs.mkdirSync(app, { recursive: true });

step('Bundling the server');
const metafile = await bundleServer(root, path.join(app, 'tradesign.mjs'));
fs.writeFileSync(
  path.join(app, 'package.json'),
  `${JSON.stringify({ name: 'tradesign', version, private: true, type: 'module' }, null, 2)}\n`,
);

step('Copying the web app, the mail, certificate and signing page views, and the templates');
const onlyFiles: Partial<Record<keyof typeof appFileLayout, RegExp>> = {
  mailViews: /\.eta$/,
  certificateViews: /\.eta$/,
  signingPageViews: /\.eta$/,
  payPageViews: /\.eta$/,
  presetTemplates: /\.html$/,
  // The build's own report of what each chunk holds is for the tests, not for serving.
  webDist: /^(?!chunk-contents\.json$)/,
};
for (const [kind, place] of Object.entries(appFileLayout)) {
  const pattern = onlyFiles[kind as keyof typeof appFileLayout] ?? /./;
  const source = path.join(root, place.source);
  fs.cpSync(source, path.join(app, place.release), {
    recursive: true,
    filter: (file) => fs.statSync(file).isDirectory() || pattern.test(path.basename(file)),
  });
}

step('Copying the production packages that are not bundled');
const packages = productionPackages(root, UNBUNDLED_PACKAGES);
for (const pkg of packages) copyPackage(pkg, app);

step('Copying the Node.js runtime');
copyNodeRuntime(path.join(folder, 'node'));

step('Writing the launcher, README.txt, licenses and the service files');
fs.copyFileSync(path.join(import.meta.dirname, 'files/tradesign'), path.join(folder, 'tradesign'));
fs.chmodSync(path.join(folder, 'tradesign'), 0o755);
const readme = fs
  .readFileSync(path.join(import.meta.dirname, 'files/README.txt'), 'utf8')
  .replaceAll('{{version}}', version)
  .replaceAll('{{folder}}', name);
fs.writeFileSync(path.join(folder, 'README.txt'), readme);
fs.copyFileSync(
  path.join(root, 'deploy/tradesign.service'),
  path.join(folder, 'tradesign.service'),
);
fs.copyFileSync(
  path.join(root, 'deploy/tradesign.env.example'),
  path.join(folder, 'tradesign.env.example'),
);
const bundledDirs = new Set(
  Object.keys(metafile.inputs)
    .map(packageDirOf)
    .filter((dir): dir is string => dir !== null)
    .map((dir) => path.join(root, dir)),
);
const licensed = describeLicenses([...bundledDirs, ...packages.map((pkg) => pkg.absoluteDir)]);
fs.mkdirSync(path.join(folder, 'licenses'));
fs.writeFileSync(
  path.join(folder, 'licenses/THIRD-PARTY-NOTICES.txt'),
  thirdPartyNotices(licensed),
);

step(`Packing ${name}.tar.gz`);
const tar = spawnSync(
  'tar',
  [
    '--create',
    '--gzip',
    '--owner=0',
    '--group=0',
    '--numeric-owner',
    // Only its owner may change what was unpacked, and the service's user may read all of it
    // (issue 33): the modes on disk here follow this machine's umask and npm's, whatever they
    // were (`npm start` builds the web app under the command line's umask, 077).
    '--mode=a+rX,go-w',
    '--sort=name',
    '--file',
    `${name}.tar.gz`,
    name,
  ],
  { cwd: distDir, stdio: 'inherit' },
);
if (tar.status !== 0) throw new Error('tar failed (see above)');
const megabytes = (fs.statSync(`${folder}.tar.gz`).size / 1024 / 1024).toFixed(1);
step(
  `Done: dist/${name}.tar.gz (${megabytes} MB; ${licensed.length} open-source packages listed in licenses/)`,
);
