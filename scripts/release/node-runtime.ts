import fs from 'node:fs';
import path from 'node:path';

/**
 * Where Node.js installs keep their license: the official tarball (<prefix>/LICENSE, or
 * share/doc/node/LICENSE) and Debian-style packages (share/doc/nodejs/LICENSE).
 */
function nodeLicense(executable: string): string {
  const prefix = path.resolve(path.dirname(executable), '..');
  const candidates = ['LICENSE', 'share/doc/node/LICENSE', 'share/doc/nodejs/LICENSE'].map((file) =>
    path.join(prefix, file),
  );
  const found = candidates.find((file) => fs.existsSync(file));
  if (!found) {
    throw new Error(
      `Node.js's LICENSE was not found beside ${executable} (looked at ${candidates.join(', ')}): ` +
        'the release must ship it with the runtime.',
    );
  }
  return found;
}

/**
 * Copies the Node.js that runs this build into the release (docs/decisions/030): the native
 * modules were compiled for exactly this runtime's ABI, so they travel together.
 */
export function copyNodeRuntime(target: string): void {
  const executable = fs.realpathSync(process.execPath);
  fs.mkdirSync(path.join(target, 'bin'), { recursive: true });
  fs.copyFileSync(executable, path.join(target, 'bin/node'));
  fs.chmodSync(path.join(target, 'bin/node'), 0o755);
  fs.copyFileSync(nodeLicense(executable), path.join(target, 'LICENSE'));
  fs.writeFileSync(path.join(target, 'VERSION'), `${process.version}\n`);
}
