import { useEffect, useState } from 'react';
import { onOutboxChange, outboxEntries, outboxEntry, type OutboxEntry } from './outbox';

/** One draft waiting on this phone (undefined while it is read, null when there is none). */
export function useOutboxEntry(key: string | null): OutboxEntry | null | undefined {
  // Kept with the key it was read for: a new key reads as "not read yet", never as the old one.
  const [read, setRead] = useState<{ key: string; entry: OutboxEntry | null } | null>(null);
  useEffect(() => {
    if (!key) return;
    let current = true;
    const readNow = () =>
      void outboxEntry(key)
        .then((found) => current && setRead({ key, entry: found ?? null }))
        .catch(() => current && setRead({ key, entry: null }));
    readNow();
    const stop = onOutboxChange(readNow);
    return () => {
      current = false;
      stop();
    };
  }, [key]);
  if (!key) return null;
  return read?.key === key ? read.entry : undefined;
}

/** Every draft waiting on this phone for this account, oldest first. */
export function useOutboxEntries(email: string | undefined): OutboxEntry[] {
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  useEffect(() => {
    if (!email) return;
    let current = true;
    const read = () =>
      void outboxEntries(email)
        .then((found) => current && setEntries(found))
        .catch(() => undefined);
    read();
    const stop = onOutboxChange(read);
    return () => {
      current = false;
      stop();
    };
  }, [email]);
  return entries;
}
