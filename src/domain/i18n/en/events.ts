import { listNames } from './lists.js';
import { EVENT_WORDS, type ContractEventType } from '../../contract-lifecycle.js';

const SHORT_MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');

/** The emailed link an opening, a signature or a decline came through. */
export interface LinkUsed {
  purpose: 'request' | 'reminder' | 'extension';
  /** Which reminder, when it was one and the record says. */
  reminder: number | null;
  /** The day it was emailed, already written out ("Nov 28, 2026"). */
  emailedOn: string;
}

/**
 * An audit trail's events in plain words: the facts of each as part of one sentence, never as a
 * bracketed tag (issue 31). `words` is each event on its own; the rest add what the event's
 * details hold. English is the shape of every language's lines (../catalogue.ts).
 */
export function englishEventLines(
  words: Record<ContractEventType, string>,
  reminderSent: (reminder: number, automatic: boolean, to: readonly string[]) => string,
  newLinkSentTo: (to: readonly string[]) => string,
) {
  return {
    words,
    /** A day the lines name, in UTC ("Nov 28, 2026"); `month` counts from 0. */
    day: (year: number, month: number, day: number) =>
      `${SHORT_MONTHS[month] ?? ''} ${day}, ${year}`,
    languageNames: { en: 'English', es: 'Spanish' },
    /** `to`: the signers it was emailed to by name (issue 37); none named: the client. */
    reminderSent,
    /** A new link emailed to these signers by name (issue 37). */
    newLinkSentTo,
    through: (link: LinkUsed) =>
      link.purpose === 'extension'
        ? `through the new link emailed ${link.emailedOn}`
        : link.purpose === 'reminder'
          ? link.reminder === null
            ? `through a reminder emailed ${link.emailedOn}`
            : `through reminder ${link.reminder}, emailed ${link.emailedOn}`
          : `through the signing request emailed ${link.emailedOn}`,
    validUntil: (day: string) => `valid until ${day}`,
    deadlineMovedWithoutEmail: (day: string) =>
      `Signing deadline moved to ${day}; no email sent to the client`,
    /** A withdrawal or decline reason as the reader sees it: the app's own in their words. */
    reason: (reason: string) => reason,
    revisedAs: (id: number) => `Replaced by a revision, Contract #${id}`,
    createdAsRevisionOf: (id: number) => `Draft created as a revision of Contract #${id}`,
    createdAsCopyOf: (id: number) => `Draft created as a copy of Contract #${id}`,
    languageSwitched: (from: string, to: string) => `from ${from} to ${to}`,
    disclosureRead: (language: string, version: string) =>
      `after reading the notice in ${language}, version ${version}`,
    /**
     * A line of a contract several clients sign, naming the one who acted (issue 37): after its
     * first "client" ("Signed by the client (Alex Rivera) through..."), else at its end.
     */
    namingSigner: (line: string, name: string) => nameAfter(line, /\bclient\b/i, name),
  };
}

/** `line` with ` (name)` after the first match of `word`, or at its end when it has none. */
export function nameAfter(line: string, word: RegExp, name: string): string {
  const match = word.exec(line);
  if (!match) return `${line} (${name})`;
  const end = match.index + match[0].length;
  return `${line.slice(0, end)} (${name})${line.slice(end)}`;
}

const recordWords = Object.fromEntries(
  Object.entries(EVENT_WORDS).map(([type, both]) => [type, both.record]),
) as Record<ContractEventType, string>;

/** "Alex Rivera", "Alex Rivera and Jordan Rivera", "Alex, Jordan and Sam"; none: the client. */
export function namesInEnglish(names: readonly string[]): string {
  return names.length === 0 ? 'the client' : listNames(names);
}

/** The lines of the signature certificate and the HTML audit trail. */
export const events = englishEventLines(
  recordWords,
  (reminder, automatic, to) =>
    `Reminder ${reminder} emailed to ${namesInEnglish(to)} with a new signing link, ${automatic ? 'automatically' : 'by the contractor'}`,
  (to) => `New signing link emailed to ${namesInEnglish(to)}`,
);
