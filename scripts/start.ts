/**
 * `npm start`: builds the web app when it is missing or older than its sources, then runs the
 * production server in this process (it stops cleanly on SIGTERM and SIGINT).
 */
import { main } from '../src/server.js';
import { buildWebApp, isWebBuildStale } from './web-build.js';

if (isWebBuildStale()) {
  console.log('Building the web app (first start or sources changed)...');
  buildWebApp();
}
await main();
