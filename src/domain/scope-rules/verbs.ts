/**
 * Trade verbs that open a dictated item ("install drip line", "replace two valves"), so the
 * summary paragraph can say "installing drip line, replacing two valves". Words that are more
 * often nouns at the start of a note ("water heater", "wire shelving", "clear coat") are not on
 * the list, and such items are quoted as they are.
 */

// prettier-ignore
const VERBS = new Set([
  'add', 'adjust', 'aerate', 'anchor', 'apply', 'attach', 'backfill', 'blow', 'bore', 'brace',
  'bring', 'build', 'cap', 'caulk', 'change', 'check', 'chip', 'clean', 'compact', 'connect',
  'construct', 'convert', 'cover', 'cut', 'deliver', 'demo', 'demolish', 'dethatch', 'dig',
  'disconnect', 'dispose', 'do', 'drill', 'edge', 'excavate', 'extend', 'fasten', 'fertilize',
  'fill', 'finish', 'fix', 'flush', 'form', 'frame', 'furnish', 'glue', 'grade', 'grind', 'grout',
  'hang', 'haul', 'hook', 'hydroseed', 'inspect', 'install', 'insulate', 'lay', 'level', 'lift',
  'make', 'match', 'mount', 'move', 'mow', 'mud', 'mulch', 'overseed', 'paint', 'patch', 'pave',
  'pick', 'plant', 'plaster', 'plumb', 'pour', 'prep', 'prepare', 'prime', 'program', 'provide',
  'prune', 'pull', 'put', 'raise', 'rake', 'rebuild', 'recaulk', 'recoat', 'redo', 'refinish',
  'regrade', 'regrout', 'reinforce', 'relocate', 'remove', 'repaint', 'repair', 'replace',
  'replant', 'reroute', 'reseal', 'reseed', 'reset', 'resurface', 'retile', 'retrofit', 'rewire',
  'rip', 'rototill', 'run', 'sand', 'scrape', 'seal', 'secure', 'seed', 'set', 'shim', 'sister',
  'sod', 'spray', 'spread', 'stabilize', 'stain', 'strip', 'supply', 'swap', 'sweep', 'take',
  'tape', 'tear', 'test', 'texture', 'tie', 'tile', 'till', 'touch', 'treat', 'trench', 'trim',
  'troubleshoot', 'tune', 'update', 'upgrade', 'use', 'wash', 'waterproof', 'weed', 'winterize',
  'wrap',
]);

/** Listed verbs that read as verbs after "and" / "then" inside an item ("and replace the valves"). */
const PLAIN_VERBS = new Set(
  (
    'add adjust aerate apply attach build clean connect construct deliver demo demolish dethatch ' +
    'dig disconnect dispose excavate extend fasten fix haul hang inspect install insulate mount ' +
    'overseed pour prepare provide rebuild refinish regrade relocate remove repaint repair ' +
    'replace replant reroute reseal reseed resurface rototill secure supply troubleshoot upgrade ' +
    'winterize prune plant seal stain paint sand mulch edge put run lay set cut'
  ).split(' '),
);

/** Verbs that double their last letter: run -> running, program -> programming. */
const DOUBLING = new Set(
  'cap chip cut dig mud program put reset retrofit rip run set shim sod strip swap trim wrap'.split(
    ' ',
  ),
);

/** Whether a lower-case word is a listed verb, or a hyphenated one ("re-caulk", "pressure-wash"). */
export function isVerb(word: string): boolean {
  const dash = word.lastIndexOf('-');
  return VERBS.has(dash === -1 ? word : word.slice(dash + 1));
}

export function isPlainVerb(word: string): boolean {
  return PLAIN_VERBS.has(word);
}

/** The -ing form of a listed verb: install -> installing, replace -> replacing, tie -> tying. */
export function gerund(word: string): string {
  const dash = word.lastIndexOf('-');
  if (dash !== -1) return word.slice(0, dash + 1) + gerund(word.slice(dash + 1));
  if (DOUBLING.has(word)) return word + word.slice(-1) + 'ing';
  if (word.endsWith('ie')) return `${word.slice(0, -2)}ying`;
  if (word.endsWith('e') && !word.endsWith('ee') && !word.endsWith('oe')) {
    return `${word.slice(0, -1)}ing`;
  }
  return `${word}ing`;
}
