/**
 * Runs `work` once the first screen is done: `delayMs` after the page's load event, when the
 * browser is next idle. For what the app does ahead of need (the service worker's install, what
 * the wizard keeps for offline use), which must not compete with the screen a slow phone is still
 * drawing (docs/perf.md, 2026-11-28). Returns a function that cancels it if it has not run.
 */
export function whenSettled(work: () => void, delayMs = 3000): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const runWhenIdle = () => {
    if (cancelled) return;
    if ('requestIdleCallback' in window) idle = requestIdleCallback(work, { timeout: 5000 });
    else work();
  };
  const afterLoad = () => {
    if (!cancelled) timer = setTimeout(runWhenIdle, delayMs);
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', afterLoad);
    if (timer) clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}
