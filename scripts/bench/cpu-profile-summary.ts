import path from 'node:path';

/** The parts of a V8 `.cpuprofile` (node --cpu-prof) this summary reads. */
export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileLine {
  name: string;
  ms: number;
  /** Share of the busy time (everything but idle). */
  share: number;
}

export interface ProfileSummary {
  busyMs: number;
  /** Time in each function itself, most first. */
  self: ProfileLine[];
  /** Time in each function and what it called, most first (recursion counted once). */
  inclusive: ProfileLine[];
  /** Self time by where the code lives: a package, a folder of src, Node itself, GC. */
  areas: ProfileLine[];
}

const NOT_BUSY = new Set(['(idle)', '(program)']);

/**
 * Reads where a CPU profile's time went: by function (self and inclusive) and by area, as shares
 * of the busy time. `(program)` (V8 outside JavaScript, mostly waiting in the event loop on a
 * loaded machine) is left out with `(idle)`.
 */
export function summarizeCpuProfile(profile: CpuProfile, root: string, top = 25): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parentOf.set(child, node.id);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const areas = new Map<string, number>();
  let busyUs = 0;
  profile.samples.forEach((id, index) => {
    const us = profile.timeDeltas[index] ?? 0;
    const node = byId.get(id);
    if (!node || NOT_BUSY.has(node.callFrame.functionName)) return;
    busyUs += us;
    add(self, nameOf(node.callFrame, root), us);
    add(areas, areaOf(node.callFrame, root), us);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (!frame || frame.functionName === '(root)') continue;
      const name = nameOf(frame, root);
      if (!seen.has(name)) add(inclusive, name, us);
      seen.add(name);
    }
  });
  const lines = (totals: Map<string, number>) =>
    [...totals]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: us / 1000, share: busyUs > 0 ? us / busyUs : 0 }));
  return {
    busyMs: busyUs / 1000,
    self: lines(self),
    inclusive: lines(inclusive),
    areas: lines(areas),
  };
}

function add(totals: Map<string, number>, key: string, us: number) {
  totals.set(key, (totals.get(key) ?? 0) + us);
}

function shortUrl(url: string, root: string): string {
  const file = url.startsWith('file://') ? new URL(url).pathname : url;
  return file.startsWith(root) ? path.relative(root, file) : file;
}

function nameOf(frame: CpuProfile['nodes'][number]['callFrame'], root: string): string {
  // tsx compiles a file to one line: the column tells its functions apart.
  const at = `${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
  const where = frame.url ? ` ${shortUrl(frame.url, root)}:${at}` : '';
  return `${frame.functionName || '(anonymous)'}${where}`;
}

/** node_modules/<package>, src/<folder>, node:<internal>, or V8's own (GC, program). */
function areaOf(frame: CpuProfile['nodes'][number]['callFrame'], root: string): string {
  if (!frame.url) return frame.functionName || '(native)';
  const file = shortUrl(frame.url, root);
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (inPackage) return inPackage[1] ?? file;
  if (file.startsWith('node:')) return file.split('/')[0] ?? file;
  const parts = file.split('/');
  return parts.slice(0, parts[0] === 'src' ? 3 : 1).join('/');
}

/** The summary as Markdown, for the console and docs/perf.md. */
export function printProfileSummary(summary: ProfileSummary, requests: number): void {
  const perRequest = requests > 0 ? (summary.busyMs * 1000) / requests : 0;
  console.log(
    `Busy CPU ${summary.busyMs.toFixed(0)} ms for ${requests} requests: ` +
      `${perRequest.toFixed(0)} µs a request`,
  );
  for (const [title, lines] of [
    ['By area (self time)', summary.areas],
    ['By function, self time', summary.self],
    ['By function, with what it calls', summary.inclusive],
  ] as const) {
    console.log('');
    console.log(`| ${title} | ms | share | µs a request |`);
    console.log('| --- | ---: | ---: | ---: |');
    for (const line of lines) {
      const us = requests > 0 ? (line.ms * 1000) / requests : 0;
      console.log(
        `| ${line.name.replace(/\|/g, '\\|')} | ${line.ms.toFixed(0)} | ` +
          `${(line.share * 100).toFixed(1)} % | ${us.toFixed(1)} |`,
      );
    }
  }
}
