/**
 * The command line's entry: the release bundles from here (scripts/release), and the test
 * harnesses start the server through it. `npm run` uses scripts/tradesign.ts, which adds the
 * source tree's web rebuild before `start`.
 */
import { runCli } from './main.js';

await runCli(process.argv);
