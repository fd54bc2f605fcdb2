import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { CliError } from './cli-support.js';

/** Questions at the terminal, or answers read from standard input one a line (a script, a test). */
export interface Prompter {
  /** True at a terminal: a wrong answer is asked again; from a pipe it ends the command. */
  readonly interactive: boolean;
  ask(question: string): Promise<string>;
  /** As ask, but what is typed is not shown. */
  askSecret(question: string): Promise<string>;
  /** Says something between the questions. */
  say(line: string): void;
  close(): void;
}

/**
 * A prompter on node:readline/promises. Lines are read through the interface's iterator, which
 * keeps the answers a pipe delivers all at once (a `question()` asked after they arrived would
 * miss them). At a terminal readline echoes each key through its output: that output goes
 * through a gate closed while a secret is typed, so the password is never shown.
 */
export function createPrompter(
  input: NodeJS.ReadableStream & { isTTY?: boolean },
  output: NodeJS.WritableStream,
): Prompter {
  const interactive = input.isTTY === true;
  let muted = false;
  const echo = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      if (!muted) output.write(chunk);
      done();
    },
  });
  const readline = createInterface({ input, output: echo, terminal: interactive });
  const lines = readline[Symbol.asyncIterator]();

  async function answer(question: string, secret: boolean): Promise<string> {
    output.write(question);
    muted = secret && interactive;
    const next = await lines.next();
    muted = false;
    // The Enter that ended a hidden answer was not echoed either; a piped answer never is.
    if (secret || !interactive) output.write('\n');
    if (next.done === true) {
      throw new CliError('The answers ended before every question was answered.');
    }
    return next.value;
  }

  return {
    interactive,
    ask: (question) => answer(question, false),
    askSecret: (question) => answer(question, true),
    say: (line) => output.write(`${line}\n`),
    close: () => readline.close(),
  };
}
