import { openAppDatabase } from './app-database';
import type { RunningApp } from './app-server';

/**
 * Makes an account's default template this HTML straight in the running server's database: a
 * template saved before the contract document policy, which the editor now refuses to save.
 */
export async function setDefaultTemplateInDatabase(
  app: RunningApp,
  email: string,
  html: string,
): Promise<void> {
  const database = openAppDatabase(app);
  try {
    const changed = await database.sql.run(
      'UPDATE templates SET html = ? WHERE is_preset = 1 AND company_id = (SELECT company_id FROM users WHERE email = ?)',
      html,
      email.toLowerCase(),
    );
    if (changed !== 1) throw new Error(`no default template for ${email}`);
  } finally {
    await database.close();
  }
}
