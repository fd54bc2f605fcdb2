/**
 * `npm start` and the other npm scripts: the same command line as the release's `./tradesign`
 * (src/cli), plus one step only the source tree needs: before `start`, the web app is built when
 * it is missing or older than its sources.
 */
import { runCli } from '../src/cli/main.js';
import { buildWebApp, isWebBuildStale } from './web-build.js';

await runCli(process.argv, {
  beforeStart: () => {
    if (!isWebBuildStale()) return;
    console.log('Building the web app (first start or sources changed)...');
    buildWebApp();
  },
});
