import { readdirSync, readFileSync } from 'node:fs';

/** Parent pid and state of a process, from /proc (Linux); undefined once it is gone. */
function statOf(pid: number): { ppid: number; state: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: fields start after the last ')'.
    const [state = '', ppid = '0'] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(ppid), state };
  } catch {
    return undefined;
  }
}

/**
 * Every live descendant of `pid`. Playwright starts Chromium in a session of its own, so killing
 * the server's process group would miss it: the tree is found by parent links instead.
 */
export function descendantsOf(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = statOf(Number(entry));
    if (!stat) continue;
    children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  const queue = [pid];
  for (let parent = queue.shift(); parent !== undefined; parent = queue.shift()) {
    for (const child of children.get(parent) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** Running (a zombie waiting for its parent counts as gone). */
export function isAlive(pid: number): boolean {
  const stat = statOf(pid);
  return stat !== undefined && stat.state !== 'Z' && stat.state !== 'X';
}

/**
 * Waits up to `graceMs` for these processes to end on their own, then SIGKILLs the rest.
 * Returns the ones that had to be killed.
 */
export async function reapProcesses(pids: number[], graceMs: number): Promise<number[]> {
  const deadline = Date.now() + graceMs;
  while (pids.some(isAlive) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const lingering = pids.filter(isAlive);
  for (const pid of lingering) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // ended meanwhile
    }
  }
  return lingering;
}
