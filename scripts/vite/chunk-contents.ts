import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Writes web/dist/.vite/chunk-contents.json: every JS file with the source modules in it (paths
 * from the repository root), which `npm run lighthouse` reads to tell what code a page loaded.
 * The static server does not serve dot folders.
 */
export function chunkContents(): Plugin {
  return {
    name: 'chunk-contents',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const contents = Object.fromEntries(
        Object.values(bundle).flatMap((file) => {
          if (file.type === 'chunk') {
            return [
              [file.fileName, file.moduleIds.map((id) => path.relative(import.meta.dirname, id))],
            ];
          }
          // Scripts emitted as they are (preloadFirstScreen's) hold no modules.
          return file.fileName.endsWith('.js') ? [[file.fileName, []]] : [];
        }),
      );
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-contents.json',
        source: JSON.stringify(contents, null, 1),
      });
    },
  };
}
