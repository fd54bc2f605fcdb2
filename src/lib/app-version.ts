import { readFileSync } from 'node:fs';
import path from 'node:path';
import { appRoot } from './app-files.js';

/** This TradeSign's version, from package.json (the release ships a copy of it in app/). */
export const appVersion: string = (
  JSON.parse(readFileSync(path.join(appRoot, 'package.json'), 'utf8')) as { version: string }
).version;
