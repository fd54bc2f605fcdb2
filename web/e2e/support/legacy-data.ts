import path from 'node:path';
import SQLite from 'better-sqlite3';

/**
 * Makes an account's default template this HTML straight in the running server's database: a
 * template saved before the contract document policy, which the editor now refuses to save.
 */
export function setDefaultTemplateInDatabase(dataDir: string, email: string, html: string): void {
  const sqlite = new SQLite(path.join(dataDir, 'app.db'));
  try {
    sqlite.pragma('busy_timeout = 5000');
    const changed = sqlite
      .prepare(
        'UPDATE templates SET html = ? WHERE is_preset = 1 AND user_id = (SELECT id FROM users WHERE email = ?)',
      )
      .run(html, email.toLowerCase()).changes;
    if (changed !== 1) throw new Error(`no default template for ${email}`);
  } finally {
    sqlite.close();
  }
}
