import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findExposedEntries, listEntries, makePrivate } from './private-files.js';

let base: string;
const mode = (file: string) => fs.statSync(file).mode & 0o7777;

beforeEach(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'tradesign-private-'));
});
afterEach(() => {
  fs.rmSync(base, { recursive: true, force: true });
});

/** A data folder as an install before issue 33 left it under umask 022. */
function olderInstall() {
  const dir = path.join(base, 'data');
  fs.mkdirSync(path.join(dir, 'mail'), { recursive: true, mode: 0o755 });
  fs.chmodSync(dir, 0o755);
  for (const file of ['app.db', 'app.db-wal', 'mail/1.eml']) {
    fs.writeFileSync(path.join(dir, file), 'x', { mode: 0o644 });
    fs.chmodSync(path.join(dir, file), 0o644);
  }
  fs.writeFileSync(path.join(dir, 'mail-seal.key'), 'k', { mode: 0o600 });
  return dir;
}

describe('private files', () => {
  it('finds what other users can read and takes their access away, nothing else', () => {
    const dir = olderInstall();
    expect(listEntries(dir, findExposedEntries(dir))).toBe(
      `${dir}/ (755), app.db (644), app.db-wal (644), mail/ (755), mail/1.eml (644)`,
    );
    const { fixed, failed } = makePrivate(dir);
    expect(fixed).toHaveLength(5);
    expect(failed).toEqual([]);
    expect(mode(dir)).toBe(0o700);
    expect(mode(path.join(dir, 'mail'))).toBe(0o700);
    expect(mode(path.join(dir, 'app.db'))).toBe(0o600);
    expect(mode(path.join(dir, 'mail', '1.eml'))).toBe(0o600);
    expect(mode(path.join(dir, 'mail-seal.key'))).toBe(0o600);
    expect(findExposedEntries(dir)).toEqual([]);
  });

  it('never follows a link out of the folder, nor touches a shared (sticky) folder', () => {
    const dir = olderInstall();
    const outside = path.join(base, 'outside.txt');
    fs.writeFileSync(outside, 'not the app', { mode: 0o644 });
    fs.chmodSync(outside, 0o644);
    fs.symlinkSync(outside, path.join(dir, 'link.txt'));
    makePrivate(dir);
    expect(mode(outside)).toBe(0o644);

    const shared = path.join(base, 'shared');
    fs.mkdirSync(shared);
    fs.chmodSync(shared, 0o1777);
    fs.writeFileSync(path.join(shared, 'someone-elses'), 'x');
    fs.chmodSync(path.join(shared, 'someone-elses'), 0o644);
    expect(makePrivate(shared)).toEqual({ fixed: [], failed: [] });
    expect(mode(shared)).toBe(0o1777);
  });

  it('has nothing to do for a folder that does not exist yet', () => {
    expect(makePrivate(path.join(base, 'not-yet'))).toEqual({ fixed: [], failed: [] });
  });
});
