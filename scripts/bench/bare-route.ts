/** The bench server's bare JSON route: no database, no session, the same plugins and hooks. */
export const BARE_ROUTE = '/__bench/bare';

/** Asks the bench server to invalidate the read cache before handling the request. */
export const CACHE_MISS_HEADER = 'x-bench-cache-miss';
