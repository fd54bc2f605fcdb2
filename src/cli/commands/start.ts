import { keepDataPrivate, loadCliConfig } from '../cli-support.js';

export const startHelp = `
Reads .env in this folder when there is one, then the environment (README, "Configuration").
Before a migration changes an existing SQLite database, a copy is written next to it as
app-before-<version>-<time>.db. DATA_DIR and its files are made readable by this user only.
Stops cleanly on SIGTERM or Ctrl-C.`;

/** `tradesign start`: the server, in this process. */
export async function startCommand(): Promise<void> {
  // Loaded here, not with the command line: the other commands (migrate, backup, restore, ...)
  // then start in a fraction of the time, without the whole server's modules.
  const { startServer } = await import('../../server.js');
  const config = loadCliConfig();
  keepDataPrivate(config);
  await startServer(config);
}
