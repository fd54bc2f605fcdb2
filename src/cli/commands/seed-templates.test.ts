import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presetTemplates } from '../../../db/seeds/preset-templates.js';
import { createTestApp, signUp, type TestApp } from '../../test/test-app.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
let t: TestApp;

function seed(...args: string[]) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'src/cli/entry.ts', 'seed-templates', ...args],
    {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: t.dir },
      encoding: 'utf8',
      timeout: 30_000,
    },
  );
  return { code: result.status, out: result.stdout, err: result.stderr };
}

const templatesOf = (email: string) =>
  t.sql.all<{
    name: string;
    html: string;
    version: number;
    is_preset: number;
    preset_sha256: string;
  }>(
    `SELECT t.name, t.html, t.version, t.is_preset, t.preset_sha256 FROM templates t
     JOIN users u ON u.company_id = t.company_id WHERE u.email = ? ORDER BY t.id`,
    email,
  );

beforeAll(async () => {
  t = await createTestApp();
  await signUp(t.app, { email: 'first@example.com', password: 'secret123', company_name: 'First' });
  await signUp(t.app, {
    email: 'second@example.com',
    password: 'secret123',
    company_name: 'Second',
  });
});
afterAll(async () => {
  await t.close();
});

describe('tradesign seed-templates', () => {
  it('explains itself with --help', () => {
    const result = seed('--help');
    expect(result.code).toBe(0);
    expect(result.out).toContain('Usage: tradesign seed-templates');
    expect(result.out).toContain('--email');
  });

  it('refuses unknown options and unknown accounts', () => {
    expect(seed('--everyone').code).toBe(2);
    const unknown = seed('--email', 'nobody@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('No account with the email nobody@example.com');
  });

  it('changes nothing when run again on accounts that already have the presets', async () => {
    const before = await templatesOf('first@example.com');
    const result = seed();
    expect(result.code).toBe(0);
    expect(result.out).toContain('first@example.com  Standard Contract: unchanged');
    expect(result.out).toContain('Contrato estándar: unchanged');
    expect(result.out).toContain('Done: 2 companies.');
    expect(await templatesOf('first@example.com')).toEqual(before);
  });

  it('reinstalls a deleted preset for one account, as its default when it has none', async () => {
    await t.sql.run(
      "DELETE FROM templates WHERE company_id = (SELECT company_id FROM users WHERE email = 'first@example.com')",
    );
    const result = seed('--email', 'FIRST@example.com');
    expect(result.out).toContain('Standard Contract: installed');
    expect(result.out).toContain('Contrato estándar: installed');
    expect(result.out).not.toContain('second@example.com');
    expect(await templatesOf('first@example.com')).toMatchObject([
      { name: 'Standard Contract', is_preset: 1, version: 1 },
      { name: 'Contrato estándar', is_preset: 0, version: 1 },
    ]);
  });

  it('gives an account from before Contrato estándar its Spanish twin, keeping its default', async () => {
    await t.sql.run(
      "DELETE FROM templates WHERE preset_key = 'contrato-estandar' AND company_id = (SELECT company_id FROM users WHERE email = 'second@example.com')",
    );
    const result = seed('--email', 'second@example.com');
    expect(result.out).toContain(
      'second@example.com  Standard Contract: unchanged, Contrato estándar: installed',
    );
    expect(await templatesOf('second@example.com')).toMatchObject([
      { name: 'Standard Contract', is_preset: 1 },
      { name: 'Contrato estándar', is_preset: 0, version: 1 },
    ]);
  });

  it('updates an untouched preset to the shipped version, and keeps one the contractor edited', async () => {
    // Pretend both accounts were given an older shipped version of the preset.
    const oldHtml = '<p>Older shipped contract for {{client.name}}</p>';
    const oldSha = createHash('sha256').update(oldHtml).digest('hex');
    await t.sql.run('UPDATE templates SET html = ?, preset_sha256 = ?', oldHtml, oldSha);
    // The second contractor then edited theirs.
    await t.sql.run(
      "UPDATE templates SET html = '<p>My own words</p>' WHERE company_id = (SELECT company_id FROM users WHERE email = 'second@example.com')",
    );

    const result = seed();
    expect(result.out).toContain('first@example.com  Standard Contract: updated');
    expect(result.out).toContain('second@example.com  Standard Contract: kept-edited');
    expect((await templatesOf('first@example.com'))[0]).toMatchObject({
      html: presetTemplates[0]?.html,
      version: 2,
    });
    expect((await templatesOf('second@example.com'))[0]).toMatchObject({
      html: '<p>My own words</p>',
      version: 1,
    });
  });
});
