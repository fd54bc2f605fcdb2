/*
 * The GET that index.html's first-screen script starts for some pages while the app's code is
 * still downloading (scripts/vite/preload-first-screen.ts; vite.config.ts lists the pages). The
 * request has the options fetchPublicJson would use, so its answer stands in for the app's own.
 */

interface FirstScreenData {
  url: string;
  /** Null when the request failed (no network): the app asks again itself. */
  response: Promise<Response | null>;
}

declare global {
  interface Window {
    /** Null once taken, or when the app asked first: the script then starts nothing. */
    __firstScreenData?: FirstScreenData | null;
  }
}

/**
 * The first screen's answer for `url`, given out once: a later load (say "Try again") asks the
 * server afresh. Undefined when the script requested nothing for this address.
 */
export function takeFirstScreenResponse(url: string): Promise<Response | null> | undefined {
  const data = window.__firstScreenData;
  window.__firstScreenData = null;
  return data && data.url === url ? data.response : undefined;
}
