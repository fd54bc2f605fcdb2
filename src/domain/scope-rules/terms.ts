/**
 * Trade vocabulary for casing and sentence splitting.
 *
 * Acronyms: a dictated lower-case word is upper-cased only when it is on this list, and the list
 * holds only letter groups that are not also everyday English words (so "led", "ups", "ada",
 * "mep" are left alone). "led" becomes "LED" only before a lighting word ("led lights").
 */

const set = (words: string): ReadonlySet<string> => new Set(words.split(' '));

export const ACRONYMS = set(
  'pvc cpvc upvc abs pex hdpe dwv gfci gfi afci hvac ac erv hrv osb mdf lvp lvt lvl cmu epdm ' +
    'tpo btu psi gpm gph hoa diy ev nec osha tv usb',
);

/** "led" is LED before these; "leds" is always LEDs. */
export const LED_NEXT = set(
  'light lights lighting fixture fixtures bulb bulbs strip strips tape can cans downlight ' +
    'downlights recessed panel panels driver drivers flood floods floodlight floodlights ' +
    'spotlight spotlights path landscape puck pucks retrofit retrofits wafer wafers sconce sconces',
);

/** Lower-case dictated names that are never common words, in their usual spelling. */
export const PROPER_WORDS: ReadonlyMap<string, string> = new Map([
  ['trex', 'Trex'],
  ['timbertech', 'TimberTech'],
  ['azek', 'AZEK'],
  ['rainbird', 'Rain Bird'],
  ['rachio', 'Rachio'],
  ['hydrawise', 'Hydrawise'],
  ['toro', 'Toro'],
  ['behr', 'Behr'],
  ['kohler', 'Kohler'],
  ['moen', 'Moen'],
  ['romex', 'Romex'],
  ['quikrete', 'Quikrete'],
  ['sakrete', 'Sakrete'],
  ['hardie', 'Hardie'],
  ['hardieplank', 'HardiePlank'],
  ['pella', 'Pella'],
  ['andersen', 'Andersen'],
  ['schluter', 'Schluter'],
  ['durock', 'Durock'],
  ['lowes', "Lowe's"],
  ["lowe's", "Lowe's"],
  // Days and the months that are not also verbs ("may", "march") or adjectives ("august").
  ...[
    ...'monday tuesday wednesday thursday friday saturday sunday'.split(' '),
    ...'january february april june july september october november december'.split(' '),
  ].map((word): [string, string] => [word, word.charAt(0).toUpperCase() + word.slice(1)]),
]);

/** Two-word names: "rain bird" -> "Rain Bird". */
export const PROPER_PAIRS: ReadonlyMap<string, readonly string[]> = new Map([
  ['rain bird', ['Rain', 'Bird']],
  ['home depot', ['Home', 'Depot']],
  ['benjamin moore', ['Benjamin', 'Moore']],
  ['sherwin williams', ['Sherwin-Williams']],
  ['james hardie', ['James', 'Hardie']],
]);

/** Every word written with a capital by the lists above ("Trex", "Rain", "Monday"...). */
export const PROPER_SPELLINGS: ReadonlySet<string> = new Set([
  ...[...PROPER_WORDS.values()].flatMap((name) => name.split(' ')),
  ...[...PROPER_PAIRS.values()].flat(),
  'Hunter',
]);

/** "hunter" is the brand before a model number or one of these ("hunter x2", "hunter rotors"). */
export const HUNTER_NEXT = set(
  'controller controllers timer timers rotor rotors head heads valve valves nozzle nozzles ' +
    'hydrawise pro-c',
);

/** A one-letter model number or rating as dictated: "x2", "r19", "r-13" (not "bed1", "zone3"). */
export const MODEL_NUMBER = /^[a-z]-?\d+$/;

/** Abbreviations whose period does not end a sentence ("approx. 10 ft. of edging"). */
export const ABBREVIATIONS = set(
  'approx appx est ft sq yd yds cu lb lbs oz gal gals hr hrs min max qty vs incl excl mr mrs ' +
    'ms dr st ave rd blvd jr sr inc ltd co dept bldg apt ea pcs pc ext dia ht wt mfr mfg misc ' +
    'lf sf cf ref tel',
);

/** Abbreviations that keep their period at the end of a bullet ("mulch, edging, etc."). */
export const KEEP_FINAL_PERIOD = set('etc inc ltd co jr sr');
