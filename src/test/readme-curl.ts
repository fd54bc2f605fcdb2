import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * The README's curl examples, run as a reader would run them: the shell's words of each command
 * (quotes removed, `\` line continuations joined, `#` comments skipped), handed to the real
 * `curl` when it is installed, or else the same request made with fetch.
 */

/** The fenced `sh` blocks of one `## ` section of a Markdown file that call curl. */
export function curlBlocksOf(markdown: string, section: string): string[] {
  const start = markdown.indexOf(`\n## ${section}\n`);
  if (start < 0) throw new Error(`no "## ${section}" section`);
  const next = markdown.indexOf('\n## ', start + 1);
  const text = markdown.slice(start, next < 0 ? undefined : next);
  return [...text.matchAll(/```sh\n([\s\S]*?)```/g)]
    .map((match) => match[1] ?? '')
    .filter((block) => /^\s*curl /m.test(block));
}

/**
 * Splits shell text into commands, each its list of words, as POSIX sh would for the quoting the
 * README uses. Anything that would make the shell do more than quote removal (`$`, a backtick,
 * a pipe, a redirection, `;` or `&`) is refused, so the test never runs a different command.
 */
export function shellCommands(text: string): string[][] {
  const commands: string[][] = [];
  let words: string[] = [];
  let word: string | null = null;
  const endWord = () => {
    if (word !== null) words.push(word);
    word = null;
  };
  const endCommand = () => {
    endWord();
    if (words.length > 0) commands.push(words);
    words = [];
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] ?? '';
    if (char === '\\' && text[index + 1] === '\n') {
      index += 1;
      endWord();
    } else if (char === '\n') {
      endCommand();
    } else if (char === ' ' || char === '\t') {
      endWord();
    } else if (char === '#' && word === null) {
      while (index + 1 < text.length && text[index + 1] !== '\n') index += 1;
    } else if (char === "'") {
      const close = text.indexOf("'", index + 1);
      if (close < 0) throw new Error('unclosed single quote');
      word = (word ?? '') + text.slice(index + 1, close);
      index = close;
    } else if (char === '"') {
      const close = text.indexOf('"', index + 1);
      const quoted = text.slice(index + 1, close);
      if (close < 0 || /[$`\\]/.test(quoted)) throw new Error(`cannot read "${quoted}"`);
      word = (word ?? '') + quoted;
      index = close;
    } else if ('$`|<>;&'.includes(char)) {
      throw new Error(`the shell would treat "${char}" specially: not a plain command`);
    } else {
      word = (word ?? '') + char;
    }
  }
  endCommand();
  return commands;
}

export interface CurlAnswer {
  /** What curl writes to standard output: the answer's body. */
  body: string;
  via: 'curl' | 'fetch';
}

const hasCurl = (() => {
  try {
    execFileSync('curl', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** Runs one curl command's words: with curl itself when installed, else as fetch. */
export async function runCurl(words: string[]): Promise<CurlAnswer> {
  if (words[0] !== 'curl') throw new Error(`not a curl command: ${words.join(' ')}`);
  if (hasCurl) {
    const { stdout } = await promisify(execFile)('curl', words.slice(1), { encoding: 'utf8' });
    return { body: stdout, via: 'curl' };
  }
  const { url, method, headers, body } = curlAsFetch(words.slice(1));
  const answer = await fetch(url, { method, headers, body });
  return { body: await answer.text(), via: 'fetch' };
}

/** The request curl would make for these options; an option it does not know is an error. */
export function curlAsFetch(args: string[]): {
  url: string;
  method: string;
  headers: Headers;
  body: string | null;
} {
  let url: string | null = null;
  let method: string | null = null;
  let body: string | null = null;
  const headers = new Headers();
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    const value = () => {
      index += 1;
      const next = args[index];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === '-X' || arg === '--request') method = value();
    else if (arg === '-H' || arg === '--header') {
      const header = value();
      const colon = header.indexOf(':');
      headers.set(header.slice(0, colon).trim(), header.slice(colon + 1).trim());
    } else if (arg === '-d' || arg === '--data') {
      const data = value();
      if (data.startsWith('@')) throw new Error('curl -d @file is not translated to fetch');
      // Several -d are joined with &, as curl does.
      body = body === null ? data : `${body}&${data}`;
    } else if (!arg.startsWith('-') && url === null) url = arg;
    else throw new Error(`curl option ${arg} is not translated to fetch`);
  }
  if (url === null) throw new Error('curl without a URL');
  if (body !== null && !headers.has('content-type')) {
    headers.set('content-type', 'application/x-www-form-urlencoded');
  }
  return { url, method: method ?? (body === null ? 'GET' : 'POST'), headers, body };
}
