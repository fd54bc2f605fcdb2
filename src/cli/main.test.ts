import { CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { appVersion } from '../lib/app-version.js';
import { buildCli } from './main.js';

/** What `tradesign <args>` prints on stdout, and how commander ends it, without running anything. */
async function printed(args: string[]): Promise<{ out: string; code: number | undefined }> {
  const program = buildCli();
  let out = '';
  const capture = {
    writeOut: (text: string) => (out += text),
    writeErr: (text: string) => (out += text),
  };
  program.configureOutput(capture);
  for (const command of program.commands) command.configureOutput(capture);
  try {
    await program.parseAsync(['node', 'tradesign', ...args]);
    return { out, code: undefined };
  } catch (error) {
    if (error instanceof CommanderError) return { out, code: error.exitCode };
    throw error;
  }
}

describe('tradesign --help and --version (issue 21)', () => {
  it.each([
    ['start', 'Stops cleanly on SIGTERM'],
    ['migrate', '--dry-run'],
    ['backup', '<file>'],
    ['restore', '--replace'],
    ['seed-templates', '--email <address>'],
    ['db:copy', '--to <url>'],
    ['doctor', 'FAIL'],
    ['disable-2fa', 'lost both their authenticator app'],
  ])('%s --help says what it does and how, and changes nothing', async (command, detail) => {
    const { out, code } = await printed([command, '--help']);
    expect(code).toBe(0);
    expect(out).toContain(`Usage: tradesign ${command}`);
    expect(out).toContain(detail);
  });

  it('lists every command, and prints the version', async () => {
    const help = await printed(['--help']);
    for (const command of [
      'start',
      'migrate',
      'backup',
      'restore',
      'seed-templates',
      'db:copy',
      'doctor',
    ]) {
      expect(help.out).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
    }
    const version = await printed(['--version']);
    expect(version).toEqual({ out: `${appVersion}\n`, code: 0 });
  });
});
