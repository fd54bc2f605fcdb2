import os from 'node:os';

/** One line describing where the figures were measured; every table printed carries it. */
export function describeMachine(): string {
  const cpus = os.cpus();
  const memoryGb = (os.totalmem() / 1024 ** 3).toFixed(1);
  return (
    `${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${memoryGb} GB RAM, ` +
    `${os.type()} ${os.release()}, Node ${process.version}`
  );
}
