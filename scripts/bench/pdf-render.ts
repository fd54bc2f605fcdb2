/**
 * `npm run bench:pdf`: how long printing and sealing one executed copy takes on this machine
 * (issue 7). `npm run bench` includes the same figure in its table.
 */
import { DEBIAN_CHROMIUM_PATH } from '../../src/lib/chromium.js';
import { measureExecutedCopy } from './executed-copy-timing.js';
import { describeMachine } from './machine.js';

const timing = await measureExecutedCopy(process.argv[2] ?? DEBIAN_CHROMIUM_PATH, 5);
console.log(`Machine: ${describeMachine()}`);
console.log('| executed copy (render + certificate + merge + seal) | ms |');
console.log('| --- | ---: |');
console.log(`| first, including Chromium start | ${timing.coldMs.toFixed(0)} |`);
console.log(`| median of ${timing.warmRuns} warm runs | ${timing.medianWarmMs.toFixed(0)} |`);
console.log(`| slowest warm run | ${timing.slowestWarmMs.toFixed(0)} |`);
