import { Ollama } from 'ollama';
import { ok, reasonOf, warn, type Finding } from './finding.js';

const README = 'README, "The AI scope cleanup (Ollama)"';

/**
 * Whether scope cleanup will use the model. Never a failure: without Ollama the built-in rules
 * format the notes and the app works the same. describeOllama says the same for the start-up log,
 * but as one sentence with its own deadline; here each outcome needs its level and its fix.
 */
export async function checkOllama(
  config: { OLLAMA_HOST: string; OLLAMA_MODEL: string },
  timeoutMs: number,
): Promise<Finding> {
  const host = config.OLLAMA_HOST;
  const model = config.OLLAMA_MODEL;
  const client = new Ollama({
    host,
    fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) }),
  });
  let names: string[];
  try {
    names = (await client.list()).models.map((entry) => entry.name);
  } catch (error) {
    return warn(
      `Ollama is not reachable at ${host}: ${networkReason(error, timeoutMs)}; scope cleanup uses the built-in rules instead of the model`,
      `install and start Ollama (${README}), or set OLLAMA_HOST to where it runs; the app works without it`,
    );
  }
  // Ollama lists a model pulled without a tag as `name:latest`.
  if (names.some((name) => name === model || name === `${model}:latest`)) {
    return ok(`Ollama at ${host} has ${model}: scope cleanup uses it`);
  }
  const others = names.length > 0 ? `; it has ${names.join(', ')}` : '';
  return warn(
    `Ollama at ${host} does not have ${model}${others}: scope cleanup uses the built-in rules until it does`,
    `ollama pull ${model} (on the machine Ollama runs on), or set OLLAMA_MODEL to a model it has`,
  );
}

/** Node's fetch says only "fetch failed"; the useful part is in its cause. */
function networkReason(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && error.name === 'TimeoutError') {
    return `no answer within ${timeoutMs / 1000} s`;
  }
  const cause = error instanceof Error ? error.cause : undefined;
  const code = (cause as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ECONNREFUSED') return 'the connection was refused (nothing listens there)';
  if (code === 'ENOTFOUND') return 'the host name is not known';
  return reasonOf(cause ?? error);
}
