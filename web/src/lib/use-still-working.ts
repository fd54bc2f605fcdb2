import { useEffect, useState } from 'react';

/** After this long without an answer, a waiting call says it is still working. */
export const STILL_WORKING_AFTER_MS = 1000;

/**
 * True once `pending` has lasted a second: most calls answer before that, and a message that
 * flashes for 200 ms reads as a glitch. React only, so the signing page can use it too.
 */
export function useStillWorking(pending: boolean): boolean {
  // The wait that has lasted a second, counted by its start: a new wait starts over.
  const [lateWait, setLateWait] = useState<number | null>(null);
  const [wait, setWait] = useState(0);
  const [wasPending, setWasPending] = useState(pending);
  if (pending !== wasPending) {
    // Adjusting state while rendering, as React recommends over an effect for this.
    setWasPending(pending);
    if (pending) setWait(wait + 1);
  }
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setLateWait(wait), STILL_WORKING_AFTER_MS);
    return () => clearTimeout(timer);
  }, [pending, wait]);
  return pending && lateWait === wait;
}
