import { describe, expect, it } from 'vitest';
import { SCOPE_MAX_SNIPPET_CHARS, SCOPE_MAX_SNIPPETS } from '../scope.schemas.js';
import { cleanScopeWithRules, PARAGRAPH_MAX_CHARS } from './index.js';
import { gerund } from './verbs.js';

const PLACEHOLDER = { paragraph: '', bullets: ['Scope details to be added'] };

/** Real-sounding notes and the exact scope they become: the specification of the rules. */
const CASES: readonly {
  name: string;
  notes: string[];
  paragraph: string;
  bullets: string[];
}[] = [
  {
    name: 'irrigation dictation with spoken punctuation, fillers and stutters',
    notes: [
      'so um we need to install a drip irrigation system in the front beds period replace two zone valves comma and uh adjust all the the sprinkler heads period',
    ],
    paragraph:
      'The scope of work includes installing a drip irrigation system in the front beds; and replacing two zone valves, and adjusting all the sprinkler heads.',
    bullets: [
      'We need to install a drip irrigation system in the front beds',
      'Replace two zone valves, and adjust all the sprinkler heads',
    ],
  },
  {
    name: 'new line splitting, a model number and a kept "looks like"',
    notes: [
      'okay so like install 3/4 inch pvc line from the valve box new line replace the hunter x2 controller new line it looks like the backflow is leaking so rebuild the backflow',
    ],
    paragraph:
      'The scope of work includes installing 3/4 inch PVC line from the valve box, replacing the Hunter X2 controller, and it looks like the backflow is leaking so rebuild the backflow.',
    bullets: [
      'Install 3/4 inch PVC line from the valve box',
      'Replace the Hunter X2 controller',
      'It looks like the backflow is leaking so rebuild the backflow',
    ],
  },
  {
    name: 'typed clean bathroom notes, left as written',
    notes: [
      'Remove existing vanity and toilet.',
      'Install new 36" vanity with quartz top.',
      'Tile shower walls to ceiling, 12 x 24 porcelain.',
      'Install GFCI outlet by sink.',
    ],
    paragraph:
      'The scope of work includes removing existing vanity and toilet; installing new 36" vanity with quartz top; tiling shower walls to ceiling, 12 x 24 porcelain; and installing GFCI outlet by sink.',
    bullets: [
      'Remove existing vanity and toilet',
      'Install new 36" vanity with quartz top',
      'Tile shower walls to ceiling, 12 x 24 porcelain',
      'Install GFCI outlet by sink',
    ],
  },
  {
    name: 'measurements, fractions and money kept exactly',
    notes: [
      'build a 12 x 14 deck with 2x4 framing and 6" posts, 10\' high period use 1/2" carriage bolts',
      'price is $1,500 including materials',
      'lay 1,200 sq ft of sod at 3.5 per sq ft',
    ],
    paragraph:
      'The scope of work includes building a 12 x 14 deck with 2x4 framing and 6" posts, 10\' high; using 1/2" carriage bolts; price is $1,500 including materials; and laying 1,200 sq ft of sod at 3.5 per sq ft.',
    bullets: [
      'Build a 12 x 14 deck with 2x4 framing and 6" posts, 10\' high',
      'Use 1/2" carriage bolts',
      'Price is $1,500 including materials',
      'Lay 1,200 sq ft of sod at 3.5 per sq ft',
    ],
  },
  {
    name: 'lower-case acronyms and names',
    notes: [
      'add r-19 insulation in the attic and replace the osb on the roof',
      'run new 12/2 romex to the garage for an ev charger',
      'service the hvac and add led lights along the path',
      'the crew led the walkthrough with the hoa',
    ],
    paragraph:
      'The scope of work includes adding R-19 insulation in the attic and replacing the OSB on the roof, running new 12/2 Romex to the garage for an EV charger, service the HVAC and add LED lights along the path, and the crew led the walkthrough with the HOA.',
    bullets: [
      'Add R-19 insulation in the attic and replace the OSB on the roof',
      'Run new 12/2 Romex to the garage for an EV charger',
      'Service the HVAC and add LED lights along the path',
      'The crew led the walkthrough with the HOA',
    ],
  },
  {
    name: 'duplicates across notes, ignoring case and punctuation',
    notes: [
      'power wash the siding first',
      'Power wash the siding first.',
      'power wash the siding, first',
      'paint the exterior two coats comma body and trim period',
    ],
    paragraph:
      'The scope of work includes power washing the siding first; and painting the exterior two coats, body and trim.',
    bullets: ['Power wash the siding first', 'Paint the exterior two coats, body and trim'],
  },
  {
    name: 'several items in one note with "next item"',
    notes: [
      'okay so the the the front walkway next item remove the old pavers next item re-level the base next item relay the pavers with polymeric sand',
    ],
    paragraph:
      'The scope of work includes the front walkway, removing the old pavers, re-leveling the base, and relay the pavers with polymeric sand.',
    bullets: [
      'The front walkway',
      'Remove the old pavers',
      'Re-level the base',
      'Relay the pavers with polymeric sand',
    ],
  },
  {
    name: '"like" as a filler and as a word',
    notes: [
      'um like install the drip',
      'replace like two valves',
      'it looks like the gate post is rotted',
      'the homeowner would like a cedar gate',
      'replace it like-for-like',
      'match the trim just like the existing house',
    ],
    paragraph:
      'The scope of work includes installing the drip, replacing two valves, it looks like the gate post is rotted, the homeowner would like a cedar gate, replacing it like-for-like, and matching the trim just like the existing house.',
    bullets: [
      'Install the drip',
      'Replace two valves',
      'It looks like the gate post is rotted',
      'The homeowner would like a cedar gate',
      'Replace it like-for-like',
      'Match the trim just like the existing house',
    ],
  },
  {
    name: '"like" opening a clause',
    notes: [
      'like, install new sod',
      'like the existing fence we will install a 6 foot cedar privacy fence',
      'like for like replacement of the mailbox post',
    ],
    paragraph:
      'The scope of work includes installing new sod, like the existing fence we will install a 6 foot cedar privacy fence, and like for like replacement of the mailbox post.',
    bullets: [
      'Install new sod',
      'Like the existing fence we will install a 6 foot cedar privacy fence',
      'Like for like replacement of the mailbox post',
    ],
  },
  {
    name: '"kind of", "you know" and "I mean"',
    notes: [
      'the yard is kind of sloped so we will regrade it',
      'use the same kind of mulch as the front',
      'i mean we should regrade you know away from the foundation',
      'we will let you know if the stump needs grinding',
    ],
    paragraph:
      'The scope of work includes the yard is sloped so we will regrade it, using the same kind of mulch as the front, we should regrade away from the foundation, and we will let you know if the stump needs grinding.',
    bullets: [
      'The yard is sloped so we will regrade it',
      'Use the same kind of mulch as the front',
      'We should regrade away from the foundation',
      'We will let you know if the stump needs grinding',
    ],
  },
  {
    name: 'stutters of one, two and three words',
    notes: [
      'install install the new the new gate',
      'run the line in the in the trench',
      'make sure that that valve is off',
    ],
    paragraph:
      'The scope of work includes installing the new gate, running the line in the trench, and making sure that that valve is off.',
    bullets: [
      'Install the new gate',
      'Run the line in the trench',
      'Make sure that that valve is off',
    ],
  },
  {
    name: '"period", "new line" and "comma" kept as words where they are words',
    notes: [
      'warranty period is one year on all plants',
      'run a new line to the hose bib',
      'install new line from the meter comma with a shutoff',
    ],
    paragraph:
      'The scope of work includes warranty period is one year on all plants; running a new line to the hose bib; and installing new line from the meter, with a shutoff.',
    bullets: [
      'Warranty period is one year on all plants',
      'Run a new line to the hose bib',
      'Install new line from the meter, with a shutoff',
    ],
  },
  {
    name: 'dash and hyphen',
    notes: [
      'dash front beds dash pull weeds and edge',
      'like hyphen for hyphen like replacement of the r hyphen 13 batts',
    ],
    paragraph:
      'The scope of work includes front beds - pull weeds and edge and like-for-like replacement of the R-13 batts.',
    bullets: ['Front beds - pull weeds and edge', 'Like-for-like replacement of the R-13 batts'],
  },
  {
    name: 'letters spelled out',
    notes: ['install a p v c sleeve under the driveway', 'replace the g f c i in the garage'],
    paragraph:
      'The scope of work includes installing a PVC sleeve under the driveway and replacing the GFCI in the garage.',
    bullets: ['Install a PVC sleeve under the driveway', 'Replace the GFCI in the garage'],
  },
  {
    name: 'typed list with line breaks and markers',
    notes: [
      '- Mulch all beds with 3" of hardwood mulch\n- Edge all beds\n* Trim the boxwoods and prune the crepe myrtles\n2. Haul away all clippings',
    ],
    paragraph:
      'The scope of work includes mulching all beds with 3" of hardwood mulch, edging all beds, trimming the boxwoods and pruning the crepe myrtles, and hauling away all clippings.',
    bullets: [
      'Mulch all beds with 3" of hardwood mulch',
      'Edge all beds',
      'Trim the boxwoods and prune the crepe myrtles',
      'Haul away all clippings',
    ],
  },
  {
    name: 'abbreviations do not split items',
    notes: [
      'Install approx. 10 ft. of steel edging. Replace 2 valves, e.g. the front ones.',
      'Clean beds, pull weeds, etc.',
    ],
    paragraph:
      'The scope of work includes installing approx. 10 ft. of steel edging; replacing 2 valves, e.g. the front ones; and cleaning beds, pull weeds, etc.',
    bullets: [
      'Install approx. 10 ft. of steel edging',
      'Replace 2 valves, e.g. the front ones',
      'Clean beds, pull weeds, etc.',
    ],
  },
  {
    name: 'questions stay in the bullets only',
    notes: [
      'install drip or micro spray question mark',
      'is the gate included question mark',
      'install a new gate latch exclamation point',
    ],
    paragraph: 'The scope of work includes installing a new gate latch.',
    bullets: ['Install drip or micro spray?', 'Is the gate included?', 'Install a new gate latch'],
  },
  {
    name: 'filler-only and empty notes are dropped',
    notes: ['um', '   ', 'uh you know', '', 'like', 'okay so', 'Install gutter guards'],
    paragraph: 'The scope of work includes installing gutter guards.',
    bullets: ['Install gutter guards'],
  },
  {
    name: 'invisible and control characters are removed',
    notes: [
      'in\u200Bstall\u00A0new\u0007 sod\u202E in the back\tyard',
      '\uFEFFre\u00ADgrade the side yard\r\nseed and straw',
    ],
    paragraph:
      'The scope of work includes installing new sod in the back yard, regrading the side yard, and seed and straw.',
    bullets: ['Install new sod in the back yard', 'Regrade the side yard', 'Seed and straw'],
  },
  {
    name: 'deck rebuild dictation',
    notes: [
      'um so basically the deck is kind of falling apart new line tear off the old decking and haul away new line install new trex decking on the existing frame new line replace the railing with aluminum like the neighbors have',
    ],
    paragraph:
      'The scope of work includes the deck is falling apart, tearing off the old decking and hauling away, installing new Trex decking on the existing frame, and replacing the railing with aluminum like the neighbors have.',
    bullets: [
      'The deck is falling apart',
      'Tear off the old decking and haul away',
      'Install new Trex decking on the existing frame',
      'Replace the railing with aluminum like the neighbors have',
    ],
  },
  {
    name: 'painting with a brand and a colon',
    notes: [
      'paint the living room walls two coats sherwin williams agreeable gray comma ceiling flat white period',
      'patch and paint the ceiling in the hallway colon about 4 x 6 ft area',
    ],
    paragraph:
      'The scope of work includes painting the living room walls two coats Sherwin-Williams agreeable gray, ceiling flat white; and patching and painting the ceiling in the hallway: about 4 x 6 ft area.',
    bullets: [
      'Paint the living room walls two coats Sherwin-Williams agreeable gray, ceiling flat white',
      'Patch and paint the ceiling in the hallway: about 4 x 6 ft area',
    ],
  },
  {
    name: 'items that are not tasks keep their words in the summary',
    notes: [
      'Homeowner to supply all tile and fixtures',
      'Contractor will haul away all debris',
      "we'll clean up daily",
      'change order for extra outlet',
    ],
    paragraph:
      'The scope of work includes homeowner to supply all tile and fixtures, hauling away all debris, cleaning up daily, and change order for extra outlet.',
    bullets: [
      'Homeowner to supply all tile and fixtures',
      'Contractor will haul away all debris',
      "We'll clean up daily",
      'Change order for extra outlet',
    ],
  },
  {
    name: 'a long run-on landscaping note',
    notes: [
      'so yeah basically we are gonna rip out all the old shrubs along the driveway and uh put in like 12 new boxwoods comma then mulch everything with brown mulch period also the the downspout needs a pop up emitter',
    ],
    paragraph:
      'The scope of work includes ripping out all the old shrubs along the driveway and putting in 12 new boxwoods, then mulching everything with brown mulch; and the downspout needs a pop up emitter.',
    bullets: [
      'We are gonna rip out all the old shrubs along the driveway and put in 12 new boxwoods, then mulch everything with brown mulch',
      'The downspout needs a pop up emitter',
    ],
  },
  {
    name: 'kitchen remodel read as a list',
    notes: [
      'kitchen remodel colon remove upper and lower cabinets new line install new shaker cabinets new line quartz countertops with undermount sink new line add four led can lights new line install gfci outlets per code',
    ],
    paragraph:
      'The scope of work includes kitchen remodel: remove upper and lower cabinets, installing new shaker cabinets, quartz countertops with undermount sink, adding four LED can lights, and installing GFCI outlets per code.',
    bullets: [
      'Kitchen remodel: remove upper and lower cabinets',
      'Install new shaker cabinets',
      'Quartz countertops with undermount sink',
      'Add four LED can lights',
      'Install GFCI outlets per code',
    ],
  },
  {
    name: 'hesitations inside spoken commands and between commas',
    notes: [
      'install drip new um line replace valves full uh stop',
      'install, um, the drip line',
      'um like the the front beds need mulch',
    ],
    paragraph:
      'The scope of work includes installing drip, replacing valves, installing the drip line, and the front beds need mulch.',
    bullets: [
      'Install drip',
      'Replace valves',
      'Install the drip line',
      'The front beds need mulch',
    ],
  },
  {
    name: 'many items are summarized',
    notes: [
      'remove sod',
      'grade the yard',
      'install drip',
      'replace valves',
      'plant shrubs',
      'mulch beds',
      'edge beds',
      'install lighting',
    ],
    paragraph:
      'The scope of work includes removing sod, grading the yard, installing drip, and five additional items listed below.',
    bullets: [
      'Remove sod',
      'Grade the yard',
      'Install drip',
      'Replace valves',
      'Plant shrubs',
      'Mulch beds',
      'Edge beds',
      'Install lighting',
    ],
  },
];

describe('cleanScopeWithRules on dictated and typed notes', () => {
  it.each(CASES)('$name', ({ notes, paragraph, bullets }) => {
    expect(cleanScopeWithRules(notes)).toEqual({ paragraph, bullets });
  });
});

describe('typed notes', () => {
  it.each([
    [
      'Replace kitchen faucet with Moen Align, 1.5 GPM; owner supplies the faucet',
      'Replace kitchen faucet with Moen Align, 1.5 GPM; owner supplies the faucet',
    ],
    [
      'replace 2 rotted 4x4 posts (pressure treated), reuse the existing panels',
      'Replace 2 rotted 4x4 posts (pressure treated), reuse the existing panels',
    ],
    ['re-caulk tub & shower w/ white silicone', 'Re-caulk tub & shower w/ white silicone'],
    ["homeowner's dog run: 20' x 30' chain link", "Homeowner's dog run: 20' x 30' chain link"],
  ])('only gain a capital: %s', (note, bullet) => {
    expect(cleanScopeWithRules([note]).bullets).toEqual([bullet]);
  });
});

describe('empty input', () => {
  it.each([
    ['no notes', []],
    ['blank notes', ['', '   ', '\n\t ']],
    ['fillers only', ['um', 'uh, hmm', 'you know', 'like', 'so', 'okay so', 'basically']],
    ['spoken punctuation only', ['new line comma period', 'next item', 'question mark dash']],
    ['invisible characters only', ['\u200B\u200C\uFEFF', '\u0000\u0007\u007F']],
  ])('gives the placeholder for %s', (_name, notes) => {
    expect(cleanScopeWithRules(notes)).toEqual(PLACEHOLDER);
  });
});

describe('spoken punctuation', () => {
  it.each([
    ['install drip line comma front beds', 'Install drip line, front beds'],
    ['front beds colon install drip', 'Front beds: install drip'],
    ['front beds semicolon back beds', 'Front beds; back beds'],
    ['front beds semi colon back beds', 'Front beds; back beds'],
    ['install drip full stop', 'Install drip'],
    ['is the gate included question mark', 'Is the gate included?'],
    [
      'install the commander valve near the periodic table',
      'Install the commander valve near the periodic table',
    ],
    [
      'colonial trim and dashboard hyphenated commas',
      'Colonial trim and dashboard hyphenated commas',
    ],
    ['add a dash of color with annuals', 'Add a dash of color with annuals'],
    ['put a comma in the sign text', 'Put a comma in the sign text'],
    ['30-day period for plant replacement', '30-day period for plant replacement'],
    ['the grace period of two weeks', 'The grace period of two weeks'],
  ])('%s -> %s', (note, bullet) => {
    expect(cleanScopeWithRules([note]).bullets).toEqual([bullet]);
  });

  it.each([
    'new line',
    'next line',
    'new paragraph',
    'next item',
    'new item',
    'next bullet',
    'bullet point',
    'period',
    'full stop',
    'exclamation point',
    'exclamation mark',
  ])('"%s" separates items', (command) => {
    expect(cleanScopeWithRules([`install drip ${command} replace valves`]).bullets).toEqual([
      'Install drip',
      'Replace valves',
    ]);
  });

  it('ignores item breaks at the start or end and doubled breaks', () => {
    expect(
      cleanScopeWithRules([
        'new line install drip new line new line next item replace valves period',
      ]).bullets,
    ).toEqual(['Install drip', 'Replace valves']);
  });
});

describe('numbers and measurements', () => {
  it.each([
    '3/4 inch',
    '1/2"',
    '2x4',
    '10 ft',
    "10'",
    '6"',
    '12 x 14',
    '$1,500',
    '1,200 sq ft',
    '3.5',
    'R-19',
    'PVC',
    'GFCI',
    'Hunter X2',
    '12/2',
    '$12.50',
    '#57 stone',
    '4-6"',
    '50%',
  ])('keeps %s exactly, mid-item and at the end', (measure) => {
    expect(cleanScopeWithRules([`install ${measure} here comma then ${measure}`]).bullets).toEqual([
      `Install ${measure} here, then ${measure}`,
    ]);
    expect(cleanScopeWithRules([`use ${measure} period`]).bullets).toEqual([`Use ${measure}`]);
  });

  it('leaves number words as said', () => {
    expect(cleanScopeWithRules(['replace two valves and four heads']).bullets).toEqual([
      'Replace two valves and four heads',
    ]);
  });
});

describe('capitals', () => {
  it.each([
    ['pvc', 'PVC'],
    ['cpvc', 'CPVC'],
    ['abs', 'ABS'],
    ['pex', 'PEX'],
    ['gfci', 'GFCI'],
    ['gfcis', 'GFCIs'],
    ['afci', 'AFCI'],
    ['hvac', 'HVAC'],
    ['osb', 'OSB'],
    ['mdf', 'MDF'],
    ['lvp', 'LVP'],
    ['gpm', 'GPM'],
    ['psi', 'PSI'],
  ])('raises %s to %s', (word, raised) => {
    expect(cleanScopeWithRules([`use ${word} here`]).bullets).toEqual([`Use ${raised} here`]);
  });

  it.each([
    ['the foreman led the crew', 'The foreman led the crew'],
    ['install led strip lights under the cabinets', 'Install LED strip lights under the cabinets'],
    ['paint the wall hunter green', 'Paint the wall hunter green'],
    ['replace the hunter rotors in zone 3', 'Replace the Hunter rotors in zone 3'],
    ['i will check the may schedule', 'I will check the may schedule'],
    ['start on monday', 'Start on Monday'],
    [
      'keep the McDonald family mailbox and the iPhone mount',
      'Keep the McDonald family mailbox and the iPhone mount',
    ],
  ])('%s -> %s', (note, bullet) => {
    expect(cleanScopeWithRules([note]).bullets).toEqual([bullet]);
  });
});

describe('the paragraph', () => {
  const items = (count: number): string[] =>
    Array.from({ length: count }, (_, index) => `install zone ${index + 1}`);

  it('lists up to six items and summarizes longer lists', () => {
    expect(cleanScopeWithRules(items(1)).paragraph).toBe(
      'The scope of work includes installing zone 1.',
    );
    expect(cleanScopeWithRules(items(2)).paragraph).toBe(
      'The scope of work includes installing zone 1 and installing zone 2.',
    );
    expect(cleanScopeWithRules(items(6)).paragraph).toBe(
      'The scope of work includes installing zone 1, installing zone 2, installing zone 3, ' +
        'installing zone 4, installing zone 5, and installing zone 6.',
    );
    expect(cleanScopeWithRules(items(7)).paragraph).toBe(
      'The scope of work includes installing zone 1, installing zone 2, installing zone 3, and ' +
        'four additional items listed below.',
    );
    expect(cleanScopeWithRules(items(40)).paragraph).toBe(
      'The scope of work includes installing zone 1, installing zone 2, installing zone 3, and ' +
        '37 additional items listed below.',
    );
  });

  it(`never exceeds ${PARAGRAPH_MAX_CHARS} characters`, () => {
    const long = `install drip ${'along the north fence line '.repeat(40)}`;
    expect(cleanScopeWithRules([long]).paragraph).toBe('The scope of work is described below.');
    expect(cleanScopeWithRules([long, `replace valves ${long}`]).paragraph).toBe(
      'The scope of work includes the two items listed below.',
    );
    // Distinct words, so nothing is taken for a stutter: about 300 characters per item.
    const beds = Array.from({ length: 50 }, (_, index) => `bed${index + 1}`).join(' ');
    const medium = `install drip in ${beds}`;
    const paragraph = cleanScopeWithRules([medium, 'replace valves', `seed ${beds}`]).paragraph;
    expect(paragraph).toBe(
      `The scope of work includes installing drip in ${beds}, replacing valves, and one ` +
        'additional item listed below.',
    );
    expect(paragraph.length).toBeLessThanOrEqual(PARAGRAPH_MAX_CHARS);
  });

  it('turns leading trade verbs into -ing forms', () => {
    expect(
      [
        'install',
        'replace',
        'remove',
        'run',
        'dig',
        'trim',
        'program',
        'tie',
        'level',
        'demo',
        're-caulk',
      ].map(gerund),
    ).toEqual([
      'installing',
      'replacing',
      'removing',
      'running',
      'digging',
      'trimming',
      'programming',
      'tying',
      'leveling',
      'demoing',
      're-caulking',
    ]);
    expect(cleanScopeWithRules(['Paint color to be chosen by the homeowner']).paragraph).toBe(
      'The scope of work includes paint color to be chosen by the homeowner.',
    );
    expect(cleanScopeWithRules(['Rain Bird controller swap']).paragraph).toBe(
      'The scope of work includes Rain Bird controller swap.',
    );
  });
});

describe('plain text', () => {
  it('passes markup characters through untouched; escaping is the template engine’s job', () => {
    expect(cleanScopeWithRules(['install <b>new</b> gate & latch "as is"']).bullets).toEqual([
      'Install <b>new</b> gate & latch "as is"',
    ]);
  });
});

describe('determinism and speed', () => {
  const sentence =
    'um so like install the the drip line in the front beds comma replace two zone valves period ' +
    'new line add a 3/4 inch pvc sleeve you know under the driveway kind of near the gate ';
  const notes = Array.from({ length: SCOPE_MAX_SNIPPETS }, (_, index) =>
    `${index} ${sentence.repeat(20)}`.slice(0, SCOPE_MAX_SNIPPET_CHARS),
  );

  it('gives the same result every time', () => {
    const first = cleanScopeWithRules(notes);
    expect(cleanScopeWithRules(notes)).toEqual(first);
    expect(cleanScopeWithRules([...notes])).toEqual(first);
  });

  // Speed is measured by the benchmarks, not asserted here; a pathological slowdown would trip
  // the test timeout.
  it(`cleans ${SCOPE_MAX_SNIPPETS} notes of ${SCOPE_MAX_SNIPPET_CHARS} characters, the largest input`, () => {
    const result = cleanScopeWithRules(notes);
    expect(result.bullets.length).toBeGreaterThan(SCOPE_MAX_SNIPPETS);
    expect(result.paragraph.length).toBeGreaterThan(0);
  });
});
