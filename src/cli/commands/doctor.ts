import { rawEnvironment } from '../../config.js';
import { loadDotEnv } from '../cli-support.js';
import { runDoctor } from '../doctor/doctor.js';

export const doctorHelp = `
Checks, as the user who runs it (run it as the service's user): the configuration, the data
folder and its permissions, the database, Chromium for PDFs, the SMTP server and Ollama. Each
line says ok, warn or FAIL, and what to fix. Exits 1 when something must be fixed.`;

/** `tradesign doctor`. */
export async function doctorCommand(): Promise<void> {
  loadDotEnv();
  const code = await runDoctor({ env: rawEnvironment(), print: (line) => console.log(line) });
  if (code !== 0) process.exitCode = code;
}
