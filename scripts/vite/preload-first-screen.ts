import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const webRoot = path.join(repoRoot, 'web');

/**
 * A route's code is fetched only once the app's entry has downloaded and run: two round trips in
 * a row on a phone's network. In a build, index.html gets a tiny async script that looks at the
 * address and starts fetching that screen's chunks (and styles) alongside the entry. It is a
 * file, not inline, because the Content-Security-Policy allows no inline script.
 * (The signing page, which also had its data fetched this way, is now the server's own HTML:
 * docs/decisions/028.)
 */
export function preloadFirstScreen(): Plugin {
  return {
    name: 'preload-first-screen',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (file): file is Rollup.OutputChunk => file.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (start: string[]) => {
        const seen = new Set<string>();
        const visit = (file: string) => {
          if (seen.has(file)) return;
          seen.add(file);
          byFile.get(file)?.imports.forEach(visit);
        };
        start.forEach(visit);
        return seen;
      };
      // The app's entry, not the signing page's island (web/signing.html).
      const appPage = path.join(webRoot, 'index.html');
      const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId === appPage);
      const html = bundle['index.html'];
      if (!entry || html?.type !== 'asset') return;
      const loadedByEntry = closure([entry.fileName]);

      const routesDir = path.join(webRoot, 'src/routes') + path.sep;
      const routeChunks = chunks
        .filter((chunk) => chunk.isDynamicEntry && chunk.facadeModuleId?.startsWith(routesDir))
        .map((chunk) => ({
          chunk,
          file: (chunk.facadeModuleId ?? '').slice(routesDir.length).replace(/\.tsx?(\?.*)?$/, ''),
        }));
      const table = routeChunks.flatMap(({ chunk, file }) => {
        const pattern = urlPatternOf(file);
        if (pattern === null) return [];
        // Pathless layouts (`_authed`) above the route load with it.
        const layouts = routeChunks
          .filter((layout) => file.startsWith(`${layout.file}/`))
          .map((layout) => layout.chunk.fileName);
        const files = [...closure([chunk.fileName, ...layouts])].filter(
          (name) => !loadedByEntry.has(name),
        );
        const styles = files.flatMap((name) => [
          ...(byFile.get(name)?.viteMetadata?.importedCss ?? []),
        ]);
        return [
          [
            pattern,
            files.map((name) => `/${name}`),
            [...new Set(styles)].map((name) => `/${name}`),
          ],
        ];
      });

      const script = this.emitFile({
        type: 'asset',
        name: 'preload-first-screen.js',
        source: `(function(){var t=${JSON.stringify(table)},p=location.pathname;for(var i=0;i<t.length;i++){if(!new RegExp(t[i][0]).test(p))continue;t[i][1].forEach(function(h){add('modulepreload',h)});t[i][2].forEach(function(h){add('preload',h,'style')});return}function add(r,h,a){var l=document.createElement('link');l.rel=r;l.href=h;l.crossOrigin='';if(a)l.as=a;document.head.appendChild(l)}})();\n`,
      });
      html.source = String(html.source).replace(
        /<script type="module"/,
        `<script async src="/${this.getFileName(script)}"></script>\n    $&`,
      );
    },
  };
}

/**
 * The address pattern of a TanStack file route (`esign/$token` -> ^/esign/[^/]+/?$), or null
 * for a file that is no page of its own (the root, a pathless layout).
 */
function urlPatternOf(routeFile: string): string | null {
  const segments = routeFile.split(/[/.]/);
  if (segments[0] === '__root' || segments.at(-1)?.startsWith('_')) return null;
  const parts = segments
    .filter((segment) => !segment.startsWith('_') && !/^\(.*\)$/.test(segment))
    .map((segment) => segment.replace(/_$/, ''))
    .filter((segment) => segment !== 'index' && segment !== 'route')
    .map((segment) =>
      segment === '$'
        ? '.*'
        : segment.startsWith('$')
          ? '[^/]+'
          : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    );
  return `^/${parts.join('/')}${parts.length > 0 ? '/?' : ''}$`;
}
