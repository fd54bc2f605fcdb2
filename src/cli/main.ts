import { Command, CommanderError } from 'commander';
import { ConfigError } from '../config.js';
import { BackupError } from '../db/backup/backup-database.js';
import { DatabaseUnreachableError } from '../db/postgres.js';
import { MigrationFailedError } from '../db/safe-migrate.js';
import { appVersion } from '../lib/app-version.js';
import { createFilesPrivately } from '../lib/private-files.js';
import { CliError, EXIT_NEEDS_A_FIX } from './cli-support.js';
import { backupCommand, backupHelp } from './commands/backup.js';
import { createOwnerCommand, createOwnerHelp } from './commands/create-owner.js';
import { dbCopyCommand, dbCopyHelp } from './commands/db-copy.js';
import { disableTwoFactorCommand, disableTwoFactorHelp } from './commands/disable-two-factor.js';
import { doctorCommand, doctorHelp } from './commands/doctor.js';
import { migrateCommand, migrateHelp } from './commands/migrate.js';
import { restoreCommand, restoreHelp } from './commands/restore.js';
import { seedTemplatesCommand, seedTemplatesHelp } from './commands/seed-templates.js';
import { startCommand, startHelp } from './commands/start.js';

export interface CliHooks {
  /** Runs before `start`; the source tree uses it to rebuild a stale web app (scripts/tradesign.ts). */
  beforeStart?: () => void;
}

/** Errors whose message is the whole story: printed as they are, without a stack. */
const explainedErrors = [
  CliError,
  ConfigError,
  BackupError,
  MigrationFailedError,
  DatabaseUnreachableError,
];

function explained(error: unknown): string {
  if (explainedErrors.some((kind) => error instanceof kind)) return (error as Error).message;
  return `Failed: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * `tradesign <command>`: one command line for the release's launcher and the npm scripts, so a
 * developer and a server owner run the same code (issue 21).
 */
export function buildCli(hooks: CliHooks = {}): Command {
  const program = new Command('tradesign')
    .description('TradeSign: contract quoting and e-signing for small trade contractors.')
    .version(appVersion, '-v, --version', 'print the version')
    .helpOption('-h, --help', 'show help for a command')
    .helpCommand('help [command]', 'show help for a command')
    .showHelpAfterError('(add --help for usage)')
    // Commander prints its own message; runCli turns a usage mistake into exit code 2.
    .exitOverride()
    .addHelpText(
      'after',
      '\nConfiguration comes from the environment and from .env in the current folder (README, "Configuration").',
    );

  program
    .command('start')
    .description('start the server (migrating the database first, after a backup)')
    .addHelpText('after', startHelp)
    .action(async () => {
      hooks.beforeStart?.();
      await startCommand();
    });
  program
    .command('migrate')
    .description('bring the database up to date (a backup is taken first)')
    .option('--dry-run', 'list the migrations that would run, and change nothing')
    .addHelpText('after', migrateHelp)
    .action(migrateCommand);
  program
    .command('backup')
    .description('copy the database and its mail key while the app runs')
    .argument('<file>', 'the new backup file; it must not exist yet')
    .addHelpText('after', backupHelp)
    .action(backupCommand);
  program
    .command('restore')
    .description('put a backup back into $DATA_DIR (stop the app first)')
    .argument('<file>', 'a backup made by "tradesign backup"')
    .option('--replace', 'move a database already in $DATA_DIR aside instead of refusing')
    .addHelpText('after', restoreHelp)
    .action(restoreCommand);
  program
    .command('seed-templates')
    .description('install or update the shipped contract templates')
    .option('--email <address>', 'only the account with this email')
    .addHelpText('after', seedTemplatesHelp)
    .action(seedTemplatesCommand);
  program
    .command('db:copy')
    .description('copy the SQLite database into an empty PostgreSQL database')
    .option('--to <url>', 'postgres://user:password@host:5432/database (or set DATABASE_URL)')
    .option('--from <file>', 'the SQLite file (default $DATA_DIR/app.db)')
    .addHelpText('after', dbCopyHelp)
    .action(dbCopyCommand);
  program
    .command('create-owner')
    .description("make the server's first account, asking for its email and password")
    .option('--language <code>', "the language of the account's mails: en or es", 'en')
    .addHelpText('after', createOwnerHelp)
    .action(createOwnerCommand);
  program
    .command('disable-2fa <email>')
    .description('turn two-step sign-in off for an account that lost its app and recovery codes')
    .addHelpText('after', disableTwoFactorHelp)
    .action(disableTwoFactorCommand);
  program
    .command('doctor')
    .description('check the configuration, data folder, Chromium, SMTP and Ollama')
    .addHelpText('after', doctorHelp)
    .action(doctorCommand);
  return program;
}

/** Runs one command line; a failure prints what to do and exits 1, or 78 when only a fix helps. */
export async function runCli(argv: string[], hooks: CliHooks = {}): Promise<void> {
  // Before any command opens or writes a file: app.db, its -wal and -shm, backups, mail drops.
  createFilesPrivately();
  try {
    await buildCli(hooks).parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) process.exit(error.exitCode === 0 ? 0 : 2);
    console.error(explained(error));
    if (error instanceof CliError) process.exit(error.exitCode);
    // A setting to fix (the seal certificate, found by the server itself): the unit does not
    // restart on it (deploy/tradesign.service), as for a bad variable.
    const needsAFix = error instanceof MigrationFailedError || error instanceof ConfigError;
    process.exit(needsAFix ? EXIT_NEEDS_A_FIX : 1);
  }
}
