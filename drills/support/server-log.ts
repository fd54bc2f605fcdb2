/** One pino line of the server's output (non-JSON lines are left out). */
export interface LogLine {
  level: number;
  time: number;
  msg: string;
  reqId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
}

export function parseServerLog(output: string): LogLine[] {
  const lines: LogLine[] = [];
  for (const text of output.split('\n')) {
    if (!text.startsWith('{')) continue;
    try {
      lines.push(JSON.parse(text) as LogLine);
    } catch {
      // a line cut by the end of the process
    }
  }
  return lines;
}

/** The drill's request number carried in `?n=`, so a log line names the request it is about. */
export function requestNumber(url: string): number | undefined {
  const match = /[?&]n=(\d+)/.exec(url);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/**
 * Requests the server began handling (Fastify's "incoming request"), by drill number, in log
 * order with the line's position, and the position of their "request completed" line if any.
 */
export function startedRequests(lines: LogLine[]): Map<number, { at: number; doneAt?: number }> {
  const byReqId = new Map<string, number>();
  const started = new Map<number, { at: number; doneAt?: number }>();
  lines.forEach((line, position) => {
    if (line.msg === 'incoming request' && line.req && line.reqId) {
      const n = requestNumber(line.req.url);
      if (n === undefined) return;
      byReqId.set(line.reqId, n);
      started.set(n, { at: position });
    } else if (line.msg === 'request completed' && line.reqId) {
      const n = byReqId.get(line.reqId);
      const entry = n === undefined ? undefined : started.get(n);
      if (entry) entry.doneAt = position;
    }
  });
  return started;
}
