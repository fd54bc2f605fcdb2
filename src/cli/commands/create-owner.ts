import type { z } from 'zod';
import { openDatabase } from '../../db/kysely.js';
import { migrateSafely } from '../../db/safe-migrate.js';
import {
  companyNameSchema,
  emailSchema,
  passwordSchema,
  signupInputSchema,
  type SignupInput,
} from '../../domain/auth.schemas.js';
import { isLanguage } from '../../domain/i18n/languages.js';
import { createOwner, hasAnyAccount, OWNER_EXISTS } from '../../features/auth/sign-up.service.js';
import { AppError } from '../../lib/app-error.js';
import { CliError, keepDataPrivate, loadCliConfig } from '../cli-support.js';
import { createPrompter, type Prompter } from '../prompt.js';

export const createOwnerHelp = `
Makes the first account of this TradeSign server, its owner: asks for the company name, the
email and a password (twice; what you type is not shown), checked by the sign-up page's rules.
The account's email counts as verified. Refused once any account exists.
Use it with SIGNUP_MODE=closed, where nobody signs up on the web, or to make the owner without
opening the sign-up page. The answers may also come on standard input, one a line.
Uses the app's database (DATA_DIR or DATABASE_URL), which it first brings up to date.`;

/** Asks until the answer passes its rule at a terminal; from a pipe a wrong answer ends it. */
async function askValid<T>(
  prompter: Prompter,
  label: string,
  schema: z.ZodType<T, string>,
  secret = false,
): Promise<T> {
  for (;;) {
    const typed = secret
      ? await prompter.askSecret(`${label}: `)
      : await prompter.ask(`${label}: `);
    const parsed = schema.safeParse(typed);
    if (parsed.success) return parsed.data;
    const problem = parsed.error.issues[0]?.message ?? 'Invalid';
    if (!prompter.interactive) throw new CliError(`${label}: ${problem}`);
    prompter.say(`  ${problem}. Try again.`);
  }
}

async function askOwner(prompter: Prompter): Promise<SignupInput> {
  const company_name = await askValid(prompter, 'Company name', companyNameSchema);
  const email = await askValid(prompter, 'Email', emailSchema);
  for (;;) {
    const password = await askValid(
      prompter,
      'Password (at least 6 characters)',
      passwordSchema,
      true,
    );
    const again = await prompter.askSecret('The same password again: ');
    if (again === password) return signupInputSchema.parse({ company_name, email, password });
    if (!prompter.interactive) throw new CliError('The two passwords differ.');
    prompter.say('  The two passwords differ. Try again.');
  }
}

/** `tradesign create-owner [--language en|es]`. */
export async function createOwnerCommand(options: { language: string }): Promise<void> {
  if (!isLanguage(options.language)) {
    throw new CliError(`--language must be en or es, not ${JSON.stringify(options.language)}`);
  }
  const language = options.language;
  const config = loadCliConfig();
  keepDataPrivate(config);
  const opened = await openDatabase(config, {
    warn: (_details, message) => console.warn(message),
  });
  const { db } = opened;
  await migrateSafely(opened, { log: (line) => console.log(line) });
  const prompter = createPrompter(process.stdin, process.stdout);
  try {
    // Before asking anything: nobody should type a password for nothing.
    if (await hasAnyAccount(db)) throw new CliError(OWNER_EXISTS);
    const answers = await askOwner(prompter);
    const owner = await createOwner({ db, clock: () => new Date(), config }, answers, language);
    console.log(`Created the owner account ${owner.email}. Sign in at ${config.PUBLIC_URL}/login.`);
  } catch (error) {
    if (error instanceof AppError) throw new CliError(error.message);
    throw error;
  } finally {
    prompter.close();
    await db.destroy();
  }
}
