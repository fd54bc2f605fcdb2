/** The bench server's bare JSON route: no database, no session, the same plugins and hooks. */
export const BARE_ROUTE = '/__bench/bare';
