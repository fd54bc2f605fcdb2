import type { Plugin, Rollup } from 'vite';

/**
 * The files of a build that only the signing page's island loads (web/signing.html): its entry,
 * its own chunks and their styles, not React's chunk or Vite's preload helper, which the app
 * loads too. The app's service worker leaves them out of its precache: a phone that installs the
 * app has no use for them, and the signing page is never answered from a cache (issue 40).
 */
export function signingOnlyFiles(signingEntryName = 'signing'): {
  plugin: Plugin;
  has: (fileName: string) => boolean;
} {
  const files = new Set<string>();
  const plugin: Plugin = {
    name: 'signing-only-files',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (file): file is Rollup.OutputChunk => file.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      // Everything a set of entries may load, now or later.
      const reachable = (entries: Rollup.OutputChunk[]) => {
        const seen = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = byFile.get(fileName);
          if (!chunk || seen.has(fileName)) return;
          seen.add(fileName);
          chunk.viteMetadata?.importedCss.forEach((css) => seen.add(css));
          [...chunk.imports, ...chunk.dynamicImports].forEach(visit);
        };
        entries.forEach((entry) => visit(entry.fileName));
        return seen;
      };
      const entries = chunks.filter((chunk) => chunk.isEntry);
      const signing = entries.filter((chunk) => chunk.name === signingEntryName);
      if (signing.length === 0) this.error(`no entry named ${signingEntryName} in the build`);
      const others = reachable(entries.filter((chunk) => chunk.name !== signingEntryName));
      files.clear();
      for (const fileName of reachable(signing)) if (!others.has(fileName)) files.add(fileName);
    },
  };
  return { plugin, has: (fileName) => files.has(fileName) };
}
