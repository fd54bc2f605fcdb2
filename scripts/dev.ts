/**
 * `npm run dev`: the API server restarting on change (tsx watch) and Vite's dev server with hot
 * reload on http://localhost:5173, which proxies /api and /trpc to the API server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

const children: ChildProcess[] = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    // The browser talks to Vite, so that is the origin the CSRF check must accept.
    env: { ...process.env, PUBLIC_URL: 'http://localhost:5173', HOST: '127.0.0.1', PORT: '3000' },
  }),
  spawn(bin('vite'), [], { cwd: root, stdio: 'inherit' }),
];

let exiting = false;
function stopAll(code: number) {
  if (exiting) return;
  exiting = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
