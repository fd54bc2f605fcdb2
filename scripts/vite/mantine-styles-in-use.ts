import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const webRoot = path.resolve(import.meta.dirname, '../../web');
const mantineRoot = path.resolve(import.meta.dirname, '../../node_modules/@mantine');

const STYLES_ID = 'virtual:mantine-styles.css';

/**
 * Mantine's styles.css holds the rules of all its components (36 KB gzip, render-blocking on every
 * page); we use a third of them. In a build, `virtual:mantine-styles.css` is styles.css cut down
 * to the components web/src imports and the components those are built from, kept in styles.css's
 * order so the cascade is unchanged; a component used for the first time brings its rules with
 * it. The dev server serves the full files.
 */
export function mantineStylesInUse(): Plugin {
  let everything = false;
  return {
    name: 'mantine-styles-in-use',
    configResolved: (config) => void (everything = config.command === 'serve'),
    resolveId: (id) => (id === STYLES_ID ? `\0${STYLES_ID}` : undefined),
    load(id) {
      if (id !== `\0${STYLES_ID}`) return undefined;
      const packages = ['core', ...readdirSync(mantineRoot).filter((name) => name !== 'core')];
      const packageStyles = (name: string) => path.join(mantineRoot, name, 'styles.css');
      if (everything) {
        return packages
          .map(packageStyles)
          .filter((file) => existsSync(file))
          .map((file) => readFileSync(file, 'utf8'))
          .join('\n');
      }
      const used = mantineModulesInUse(path.join(webRoot, 'src'));
      const coreStyles = readFileSync(packageStyles('core'), 'utf8');
      const componentRules = [...used]
        .filter(
          (file) => file.startsWith(path.join(mantineRoot, 'core')) && file.endsWith('.module.mjs'),
        )
        .map((file) =>
          path.join(mantineRoot, 'core/styles', `${path.basename(file, '.module.mjs')}.css`),
        )
        .concat(
          ['baseline', 'default-css-variables', 'global'].map((name) =>
            path.join(mantineRoot, 'core/styles', `${name}.css`),
          ),
        )
        .map((file) => readFileSync(file, 'utf8').trim())
        .map((rules) => ({ rules, at: coreStyles.indexOf(rules) }));
      const lost = componentRules.find((part) => part.at < 0);
      if (lost)
        throw new Error(`@mantine/core/styles.css no longer contains: ${lost.rules.slice(0, 80)}`);
      const otherPackages = packages.filter(
        (name) =>
          name !== 'core' &&
          existsSync(packageStyles(name)) &&
          [...used].some((file) => file.startsWith(path.join(mantineRoot, name, path.sep))),
      );
      return [
        ...[...new Set(componentRules)].sort((a, b) => a.at - b.at).map((part) => part.rules),
        ...otherPackages.map((name) => readFileSync(packageStyles(name), 'utf8')),
      ].join('\n');
    },
  };
}

/** Every @mantine/* module file reachable from the named imports in `sourceDir`. */
function mantineModulesInUse(sourceDir: string): Set<string> {
  const exportsOf = new Map<string, Map<string, string>>();
  const exported = (pkg: string) => {
    let names = exportsOf.get(pkg);
    if (!names) {
      const index = path.join(mantineRoot, pkg, 'esm/index.mjs');
      names = new Map();
      for (const [, list = '', from = ''] of readFileSync(index, 'utf8').matchAll(
        /import \{([^}]*)\} from "(\.[^"]+)"/g,
      ))
        for (const name of list.split(','))
          names.set(name.trim(), path.resolve(path.dirname(index), from));
      exportsOf.set(pkg, names);
    }
    return names;
  };
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, from = ''] of source.matchAll(/(?:from|import) "(\.[^"]+)"/g))
      visit(path.resolve(path.dirname(file), from));
    for (const [, list = '', pkg = ''] of source.matchAll(
      /import \{([^}]*)\} from "@mantine\/([\w-]+)"/g,
    ))
      visitNames(pkg, list);
  };
  const visitNames = (pkg: string, list: string) => {
    for (const item of list.split(',')) {
      const name =
        item
          .replace(/^\s*type\s+/, '')
          .split(/\s+as\s+/)[0]
          ?.trim() ?? '';
      const file = name && !/^\s*type\s/.test(item) ? exported(pkg).get(name) : undefined;
      if (file) visit(file);
    }
  };
  const sources = readdirSync(sourceDir, { recursive: true, encoding: 'utf8' }).filter((file) =>
    /\.tsx?$/.test(file),
  );
  for (const file of sources) {
    const source = readFileSync(path.join(sourceDir, file), 'utf8');
    if (/import\s*\*\s*as\s+\w+\s+from\s+['"]@mantine\//.test(source))
      throw new Error(
        `${file}: import Mantine by name (the build picks the styles it needs from the names)`,
      );
    const imports = source.matchAll(
      /(?:import|export)\s+(type\s+)?\{([^}]*)\}\s+from\s+['"]@mantine\/([\w-]+)['"]/g,
    );
    for (const [, typeOnly, list = '', pkg = ''] of imports)
      if (!typeOnly && existsSync(path.join(mantineRoot, pkg, 'esm/index.mjs')))
        visitNames(pkg, list);
  }
  return seen;
}
