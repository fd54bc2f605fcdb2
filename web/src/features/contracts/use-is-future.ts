import { useEffect, useState } from 'react';

/** True while `iso` is still ahead; the component renders again the moment it passes. */
export function useIsFuture(iso: string | null): boolean {
  const [now, setNow] = useState(() => Date.now());
  const at = iso ? Date.parse(iso) : Number.NaN;
  useEffect(() => {
    const wait = at - Date.now();
    if (!(wait > 0)) return;
    // Timers longer than ~24.8 days overflow; a reminder's hour never comes close.
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(wait + 250, 2 ** 31 - 1));
    return () => window.clearTimeout(timer);
  }, [at]);
  return at > now;
}
