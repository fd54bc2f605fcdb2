import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/** The text of each page of a PDF as poppler's pdftotext reads it (pages split on form feeds). */
export async function pdftotextPages(pdf: Buffer): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tradesign-pdftotext-'));
  try {
    const file = path.join(dir, 'copy.pdf');
    writeFileSync(file, pdf);
    const { stdout } = await promisify(execFile)('pdftotext', ['-enc', 'UTF-8', file, '-']);
    return stdout.split('\f').filter((page) => page.trim() !== '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Words, as a reader compares two texts: ligatures unfolded, white space ignored. */
export function wordsOf(text: string): string[] {
  return text.normalize('NFKC').split(/\s+/).filter(Boolean);
}

/** How often each word occurs. */
export function wordCounts(words: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

/** The words `a` holds more often than `b`, each as many times as the difference. */
export function wordsNotIn(a: string[], b: string[]): string[] {
  const left = wordCounts(a);
  const right = wordCounts(b);
  const extra: string[] = [];
  for (const [word, count] of left) {
    for (let index = right.get(word) ?? 0; index < count; index += 1) extra.push(word);
  }
  return extra.sort();
}
