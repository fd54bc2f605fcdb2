import { z } from 'zod';

/*
 * Imported first by main.tsx, before any schema exists: zod tries `new Function` when it builds
 * its first object schema, to compile faster parsers. Our Content-Security-Policy (script-src
 * 'self') refuses eval, so the attempt only fails and the browser reports a CSP violation
 * (Lighthouse best practices). Without eval zod parses the same way, just without that step.
 */
z.config({ jitless: true });
