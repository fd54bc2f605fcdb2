import * as z from 'zod/v4';

/*
 * What `import ... from 'zod'` means in the web build (vite.config.ts aliases it here), so zod is
 * configured before any schema exists, wherever the bundler puts it: zod tries `new Function`
 * when it builds its first object schema, to compile faster parsers. Our Content-Security-Policy
 * (script-src 'self') refuses eval, so the attempt only fails and the browser reports a CSP
 * violation (Lighthouse best practices). Without eval zod parses the same way, just without that
 * step. An alias rather than an import in main.tsx keeps zod out of the app's entry: the pages
 * that need it load it with their own code (docs/decisions/015).
 */
z.config({ jitless: true });

export * from 'zod/v4';
export { z };
