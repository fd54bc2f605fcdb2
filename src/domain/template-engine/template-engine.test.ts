import { describe, expect, it } from 'vitest';
import {
  PLACEHOLDER_COMPANY,
  contractTemplateDataSchema,
  sampleTemplateData,
} from '../template-data.js';
import {
  TEMPLATE_MAX_BLOCK_DEPTH,
  TEMPLATE_MAX_OUTPUT_CHARS,
  TEMPLATE_TOKENS,
  compileTemplate,
  formatTemplateProblem,
  renderCompiled,
  renderTemplate,
  type TemplateProblem,
} from './index.js';

/** Renders and expects success. */
function render(source: string, data: unknown = {}): string {
  const result = renderTemplate(source, data);
  if (!result.ok) throw new Error(`unexpected problems: ${JSON.stringify(result.problems)}`);
  return result.html;
}

/** Compiles and expects failure. */
function problemsOf(source: string): TemplateProblem[] {
  const result = compileTemplate(source);
  if (result.ok) throw new Error(`expected problems for ${source}`);
  return result.problems;
}

const data = {
  client: { name: 'Jordan Rivera', phone: '5551234567' },
  contract: { total_cents: 500000 },
  scope: { paragraph: 'Yard work.', bullets: ['Mow', 'Edge', 'Mulch'] },
  payments: [
    { label: 'Stage 1', percent: 33, amount_cents: 165000, trigger: 'At signing' },
    { label: 'Stage 2', percent: 67, amount_cents: 335000, trigger: 'Completion' },
  ],
  today: '2026-11-21',
};

describe('substitution', () => {
  it('replaces dotted paths and copies the rest verbatim, single braces included', () => {
    expect(render('<p>{{client.name}}</p>', data)).toBe('<p>Jordan Rivera</p>');
    expect(render('a { b } c {d} }} e', data)).toBe('a { b } c {d} }} e');
    expect(render('', data)).toBe('');
  });

  it('allows whitespace, tabs and newlines inside the braces', () => {
    expect(
      render('{{ client.name }}|{{\tclient.name\n}}|{{money   contract.total_cents }}', data),
    ).toBe('Jordan Rivera|Jordan Rivera|$5,000.00');
    expect(render('{{ #each scope.bullets }}{{ this }}{{ / each }}', data)).toBe('MowEdgeMulch');
  });

  it('keeps the whitespace and newlines of the text around tags', () => {
    expect(render('  {{client.name}}  \n\t{{today}}\n', data)).toBe(
      '  Jordan Rivera  \n\t2026-11-21\n',
    );
  });

  it('prints missing values, null and structures as nothing; numbers and booleans as text', () => {
    const values = { n: 0, t: true, f: false, nil: null, obj: { a: 1 }, list: [1, 2] };
    expect(render('[{{missing}}][{{a.b.c}}][{{nil}}][{{obj}}][{{list}}]', values)).toBe(
      '[][][][][]',
    );
    expect(render('{{n}} {{t}} {{f}}', values)).toBe('0 true false');
  });

  it('renders nothing but text when the data is not a plain object', () => {
    for (const root of [null, undefined, 42, 'text', [1], new Date()]) {
      expect(render('a{{client.name}}b', root)).toBe('ab');
    }
  });

  it('renders a compiled template many times with different data', () => {
    const compiled = compileTemplate('Hi {{client.name}}');
    if (!compiled.ok) throw new Error('compile failed');
    expect(renderCompiled(compiled.template, { client: { name: 'A' } })).toEqual({
      ok: true,
      html: 'Hi A',
    });
    expect(renderCompiled(compiled.template, { client: { name: 'B' } })).toEqual({
      ok: true,
      html: 'Hi B',
    });
  });
});

describe('escaping', () => {
  const nasty = `<script>alert("x")</script> & 'q' \`b\` a=b`;
  const escaped =
    '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;q&#x27; &#x60;b&#x60; a&#x3D;b';

  it('escapes values in text', () => {
    expect(render('<p>{{client.name}}</p>', { client: { name: nasty } })).toBe(`<p>${escaped}</p>`);
  });

  it('escapes values in quoted and unquoted attributes', () => {
    const value = '" onmouseover="alert(1)';
    expect(render('<a title="{{x}}">', { x: value })).toBe(
      '<a title="&quot; onmouseover&#x3D;&quot;alert(1)">',
    );
    expect(render('<a title={{x}}>', { x: 'a onclick=alert(1)' })).toBe(
      '<a title=a onclick&#x3D;alert(1)>',
    );
    expect(render("<a title='{{x}}'>", { x: "' x='" })).toBe("<a title='&#x27; x&#x3D;&#x27;'>");
  });

  it('escapes formatter output, loop items and fields', () => {
    expect(render('{{phone x}}', { x: '<b>' })).toBe('&lt;b&gt;');
    expect(render('{{#each xs}}{{this}}{{/each}}', { xs: ['<i>'] })).toBe('&lt;i&gt;');
    expect(render('{{#each xs}}{{label}}{{/each}}', { xs: [{ label: '"' }] })).toBe('&quot;');
  });

  it('does not re-interpret tags that appear in data', () => {
    expect(render('{{x}}', { x: '{{client.name}}' })).toBe('{{client.name}}');
  });
});

describe('formatters in templates', () => {
  it('applies money, date, percent and phone', () => {
    expect(render('{{money contract.total_cents}}', data)).toBe('$5,000.00');
    expect(render('{{date today}}', data)).toBe('November 21, 2026');
    expect(render('{{percent payments}}', data)).toBe('');
    expect(render('{{phone client.phone}}', data)).toBe('(555) 123-4567');
    expect(
      render('{{money missing}}|{{date missing}}|{{percent missing}}|{{phone missing}}', data),
    ).toBe('$0.00|||');
  });

  it('formats loop fields and counters', () => {
    expect(
      render(
        '{{#each payments}}{{@number}}. {{percent percent}} {{money amount_cents}};{{/each}}',
        data,
      ),
    ).toBe('1. 33% $1,650.00;2. 67% $3,350.00;');
  });

  it("names months in the contract's language, money and phone staying US", () => {
    const source = '{{date today}} · {{money contract.total_cents}} · {{phone client.phone}}';
    const spanish = renderTemplate(source, data, { language: 'es' });
    expect(spanish).toEqual({
      ok: true,
      html: '21 de noviembre de 2026 · $5,000.00 · (555) 123-4567',
    });
    expect(renderTemplate(source, data, { language: 'en' })).toEqual(renderTemplate(source, data));
    expect(render(source, data)).toBe('November 21, 2026 · $5,000.00 · (555) 123-4567');
  });

  it('reads a lone {{percent}} in the payments loop as the stage percent', () => {
    expect(render('{{#each payments}}{{label}} {{percent}};{{/each}}', data)).toBe(
      'Stage 1 33%;Stage 2 67%;',
    );
  });
});

describe('{{#each}}', () => {
  it('gives {{this}}, {{@index}} and {{@number}} for lists of text', () => {
    expect(render('{{#each scope.bullets}}[{{@index}}/{{@number}} {{this}}]{{/each}}', data)).toBe(
      '[0/1 Mow][1/2 Edge][2/3 Mulch]',
    );
  });

  it('reads fields of the item, and this.field', () => {
    expect(render('{{#each payments}}{{label}}={{this.trigger}},{{/each}}', data)).toBe(
      'Stage 1=At signing,Stage 2=Completion,',
    );
  });

  it('falls back to the root data for paths not on the item', () => {
    expect(render('{{#each payments}}{{client.name}}:{{label}} {{/each}}', data)).toBe(
      'Jordan Rivera:Stage 1 Jordan Rivera:Stage 2 ',
    );
  });

  it('prefers the item field over a root field of the same name, even when it is null', () => {
    expect(
      render('{{#each xs}}{{name}},{{/each}}', {
        name: 'root',
        xs: [{ name: 'item' }, { name: null }, {}],
      }),
    ).toBe('item,,root,');
  });

  it('does not fall back for this.field', () => {
    expect(render('{{#each xs}}[{{this.name}}]{{/each}}', { name: 'root', xs: [{}] })).toBe('[]');
  });

  it('nests, with counters and fallback through the enclosing items', () => {
    const nested = {
      title: 'T',
      groups: [
        { name: 'A', items: ['a1', 'a2'] },
        { name: 'B', items: ['b1'] },
      ],
    };
    expect(
      render(
        '{{#each groups}}{{@number}}{{name}}:{{#each items}}[{{@number}}{{this}} in {{name}} {{title}}]{{/each}};{{/each}}',
        nested,
      ),
    ).toBe('1A:[1a1 in A T][2a2 in A T];2B:[1b1 in B T];');
  });

  it('renders nothing for non-arrays and empty arrays', () => {
    for (const value of [undefined, null, 'abc', 3, { 0: 'x', length: 1 }, []]) {
      expect(render('a{{#each v}}x{{/each}}b', { v: value })).toBe('ab');
    }
  });

  it('treats unplain items as missing', () => {
    expect(
      render('{{#each xs}}[{{this}}]{{/each}}', { xs: [() => 'called', new Date(0), 'ok'] }),
    ).toBe('[][][ok]');
  });
});

describe('{{#if}}', () => {
  it.each([false, null, undefined, '', 0, -0, NaN, []])('treats %s as false', (value) => {
    expect(render('{{#if v}}yes{{else}}no{{/if}}', { v: value })).toBe('no');
    expect(render('{{#if v}}yes{{/if}}', { v: value })).toBe('');
  });

  it.each([true, 'x', ' ', 1, -1, ['a'], {}, { a: 1 }])('treats %s as true', (value) => {
    expect(render('{{#if v}}yes{{else}}no{{/if}}', { v: value })).toBe('yes');
  });

  it('treats a missing path and a function as false', () => {
    expect(render('{{#if a.b.c}}yes{{else}}no{{/if}}', {})).toBe('no');
    expect(render('{{#if f}}yes{{else}}no{{/if}}', { f: () => true })).toBe('no');
  });

  it('wraps each, and each wraps if', () => {
    expect(
      render('{{#if payments}}<ul>{{#each payments}}<li>{{label}}</li>{{/each}}</ul>{{/if}}', data),
    ).toBe('<ul><li>Stage 1</li><li>Stage 2</li></ul>');
    expect(render('{{#each scope.bullets}}{{#if @index}}, {{/if}}{{this}}{{/each}}', data)).toBe(
      'Mow, Edge, Mulch',
    );
    expect(render('{{#if missing}}{{#each payments}}x{{/each}}{{else}}none{{/if}}', data)).toBe(
      'none',
    );
  });

  it('nests if in else', () => {
    const source = '{{#if a}}A{{else}}{{#if b}}B{{else}}C{{/if}}{{/if}}';
    expect(render(source, { a: 1 })).toBe('A');
    expect(render(source, { b: 1 })).toBe('B');
    expect(render(source, {})).toBe('C');
  });
});

describe('compile problems', () => {
  const firstProblem = (source: string): TemplateProblem => {
    const [problem] = problemsOf(source);
    if (!problem) throw new Error('no problem');
    return problem;
  };

  it.each([
    ['{{> partial}}', 'not supported'],
    ['{{{client.name}}}', 'not supported'],
    ['{{&client.name}}', 'not supported'],
    ['{{! a comment }}', 'comments are not supported'],
    ['{{^if x}}{{/if}}', 'not supported'],
    ['{{#with client}}{{/with}}', 'only blocks are {{#each …}} and {{#if …}}'],
    ['{{#unless x}}', 'only blocks are'],
    ['{{#each}}{{/each}}', 'needs a field name'],
    ['{{#if}}{{/if}}', 'needs a field name'],
    ['{{#each a b}}{{/each}}', 'too many words'],
    ['{{#each payments as |p|}}{{/each}}', 'too many words'],
    ['{{#if a}}{{/if a}}', 'with nothing after it'],
    ['{{#if a}}{{/}}', 'blocks end with'],
    ['{{#if a}}{{else if b}}{{/if}}', 'not supported'],
    ['{{}}', 'is empty'],
    ['{{   }}', 'is empty'],
    ['{{client..name}}', 'not a valid field name'],
    ['{{client.name!}}', 'not a valid field name'],
    ['{{../client}}', 'not a valid field name'],
    ['{{payments.0.label}}', 'not a valid field name'],
    ['{{client-name}}', 'not a valid field name'],
    ['{{@key}}', 'only {{@index}} and {{@number}}'],
    ['{{shout client.name}}', '"shout" is not a known format; use money, date, percent or phone'],
    ['{{money a b}}', 'too many words'],
    [
      '{{money}}',
      'needs the value to format: write {{money contract.total_cents}}, or {{money amount_cents}} inside {{#each payments}}',
    ],
    ['{{this}}', 'only be used inside {{#each …}}'],
    ['{{@index}}', 'only be used inside {{#each …}}'],
    ['{{percent @number}}', 'only be used inside {{#each …}}'],
    ['{{#each this}}{{/each}}', 'must be inside {{#each …}}'],
    ['{{#if x}}', '{{#if x}} is never closed with {{/if}}'],
    ['{{#each payments}}', '{{#each payments}} is never closed with {{/each}}'],
    ['{{/each}}', '{{/each}} has no {{#each …}} before it to close'],
    [
      '{{#each a}}x{{/if}}',
      '{{/if}} does not match {{#each a}} from line 1; close that with {{/each}} first',
    ],
    ['{{else}}', '{{else}} can only be used inside {{#if …}}…{{/if}}'],
    ['{{#each a}}{{else}}{{/each}}', '{{else}} can only be used inside'],
    ['{{#if a}}1{{else}}2{{else}}3{{/if}}', '{{#if a}} from line 1 already has an {{else}}'],
    ['Hello {{client.name', '"{{client.name" is never closed with }}'],
    ['{{client.name {{today}}', 'is not closed with }} before the next {{'],
  ])('reports %s', (source, message) => {
    const problem = firstProblem(source);
    expect(problem.line).toBe(1);
    expect(problem.message).toContain(message);
  });

  it('reports the line where each construct starts in a multi-line template', () => {
    const source = [
      '<h1>{{company.name}}</h1>', // 1
      '{{#each payments}}', // 2
      '  <p>{{label}}</p>', // 3
      '  {{> footer}}', // 4
      '{{#if client.phone}}', // 5
      '  {{phone client.phone}}', // 6
      '{{/each}}', // 7: closes each, so the if from 5 was never closed
      '{{else}}', // 8: no if open any more
      '{{#with x}}{{/with}}', // 9: two problems on one line
      '{{shout', // 10
      '  client.name}}', // 11
      '{{unterminated', // 12
    ].join('\n');
    expect(problemsOf(source)).toEqual([
      { line: 4, message: '{{> footer}} is not supported: templates cannot include others' },
      { line: 5, message: '{{#if client.phone}} is never closed with {{/if}}' },
      { line: 8, message: '{{else}} can only be used inside {{#if …}}…{{/if}}' },
      {
        line: 9,
        message: '{{#with x}} is not supported; the only blocks are {{#each …}} and {{#if …}}',
      },
      { line: 9, message: '{{/with}} is not supported; blocks end with {{/each}} or {{/if}}' },
      {
        line: 10,
        message:
          '{{shout client.name}}: "shout" is not a known format; use money, date, percent or phone',
      },
      { line: 12, message: '"{{unterminated" is never closed with }}' },
    ]);
  });

  it('reports an unclosed block at the line it opens, after its content', () => {
    expect(problemsOf('a\nb\n{{#each payments}}\n{{label}}\n\n')).toEqual([
      { line: 3, message: '{{#each payments}} is never closed with {{/each}}' },
    ]);
  });

  it('reports a stray closer and a mismatched closer at their own lines', () => {
    expect(problemsOf('x\n{{/if}}\n{{#if a}}\n{{/each}}\n{{/if}}')).toEqual([
      { line: 2, message: '{{/if}} has no {{#if …}} before it to close' },
      {
        line: 4,
        message: '{{/each}} does not match {{#if a}} from line 3; close that with {{/if}} first',
      },
    ]);
  });

  it('reports an unclosed {{ that starts on a later line than the text before it', () => {
    expect(problemsOf('line one\nline two {{ client.name\nline three')).toEqual([
      { line: 2, message: '"{{ client.name line three" is never closed with }}' },
    ]);
  });

  it('formats problems for the editor as "Line N: message"', () => {
    expect(formatTemplateProblem({ line: 12, message: 'x' })).toBe('Line 12: x');
  });

  it('limits the number of problems reported', () => {
    const problems = problemsOf('{{}}\n'.repeat(100));
    expect(problems).toHaveLength(21);
    expect(problems[20]?.message).toContain('80 more problems');
  });

  it('returns compile problems from renderTemplate too', () => {
    expect(renderTemplate('\n{{/if}}', {})).toEqual({
      ok: false,
      problems: [{ line: 2, message: '{{/if}} has no {{#if …}} before it to close' }],
    });
  });

  it('refuses non-text input without throwing', () => {
    expect(compileTemplate(42 as unknown as string).ok).toBe(false);
  });
});

describe('safety', () => {
  it.each([
    '{{constructor}}',
    '{{__proto__}}',
    '{{toString}}',
    '{{valueOf}}',
    '{{hasOwnProperty}}',
    '{{client.constructor.name}}',
    '{{client.__proto__.constructor}}',
    '{{client.name.length}}',
    '{{payments.length}}',
    '{{scope.bullets.length}}',
    '{{client.name.constructor.name}}',
    '{{constructor.constructor}}',
    '{{#each constructor}}x{{/each}}',
    '{{#if constructor}}x{{/if}}',
    '{{#if client.toString}}x{{/if}}',
    '{{#each payments}}{{constructor.name}}{{length}}{{/each}}',
  ])('renders nothing for %s', (source) => {
    expect(render(`[${source}]`, data)).toBe('[]');
  });

  it('ignores own __proto__, constructor and prototype keys even in JSON data', () => {
    const parsed: unknown = JSON.parse(
      '{"__proto__": {"x": "polluted"}, "constructor": "c", "prototype": "p", "ok": "fine"}',
    );
    expect(render('[{{__proto__.x}}{{constructor}}{{prototype}}]{{ok}}', parsed)).toBe('[]fine');
  });

  it('never calls functions or getters found in data', () => {
    let calls = 0;
    const spy = () => {
      calls++;
      return 'called';
    };
    const withGetter = Object.defineProperty({}, 'name', {
      enumerable: true,
      get: () => {
        calls++;
        return 'getter';
      },
    });
    const source =
      '[{{f}}][{{money f}}][{{date f}}][{{#if f}}yes{{/if}}][{{#each f}}x{{/each}}][{{g.name}}][{{phone g.name}}]';
    expect(render(source, { f: spy, g: withGetter })).toBe('[][$0.00][][][][][]');
    expect(calls).toBe(0);
  });

  it('reads no inherited properties and nothing from class instances', () => {
    class Client {
      name = 'instance';
    }
    const inherited = Object.create({ name: 'inherited' }) as object;
    expect(
      render('[{{a.name}}][{{b.name}}][{{c.size}}]', {
        a: new Client(),
        b: inherited,
        c: new Map(),
      }),
    ).toBe('[][][]');
    const noProto = Object.assign(Object.create(null) as object, { name: 'ok' });
    expect(render('{{a.name}}', { a: noProto })).toBe('ok');
  });

  it('exposes no array properties: items are reached with {{#each}} only', () => {
    expect(problemsOf('{{xs.0}}')[0]?.message).toContain('not a valid field name');
    expect(render('[{{xs.length}}][{{xs.map}}]', { xs: ['a'] })).toBe('[][]');
  });

  it('cannot pollute prototypes and leaves the data unchanged', () => {
    const input = JSON.parse('{"__proto__": {"polluted": "yes"}, "a": {"b": [1, 2]}}') as unknown;
    const before = JSON.stringify(input);
    render(
      '{{__proto__.polluted}}{{#each a.b}}{{this}}{{/each}}{{constructor.prototype.polluted}}',
      input,
    );
    expect(JSON.stringify(input)).toBe(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('never throws on exotic data such as a throwing Proxy', () => {
    const hostile = new Proxy(
      {},
      {
        getPrototypeOf: () => {
          throw new Error('trap');
        },
      },
    );
    expect(renderTemplate('{{a.b}}', { a: hostile })).toEqual({
      ok: false,
      problems: [{ line: 1, message: 'The contract could not be built from this data' }],
    });
  });
});

describe('limits', () => {
  it('defaults the output cap to 2,000,000 characters', () => {
    expect(TEMPLATE_MAX_OUTPUT_CHARS).toBe(2_000_000);
  });

  it('stops a loop over 100k items early, blaming the loop line', () => {
    const items = Array.from({ length: 100_000 }, (_, i) => `item ${i} ${'x'.repeat(100)}`);
    const result = renderTemplate(
      '<h1>List</h1>\n<ul>\n{{#each items}}<li>{{this}}</li>{{/each}}</ul>',
      {
        items,
      },
    );
    expect(result).toEqual({
      ok: false,
      problems: [
        {
          line: 3,
          message: 'The contract would be larger than 2 MB; check for loops over large lists',
        },
      ],
    });
  });

  it('stops nested loops over big lists even when they print little', () => {
    const items = Array.from({ length: 5_000 }, () => 'x');
    const result = renderTemplate('\n{{#each items}}{{#each items}}{{/each}}{{/each}}', { items });
    expect(result).toEqual({
      ok: false,
      problems: [
        {
          line: 2,
          message: 'The contract takes too long to build; check for loops over large lists',
        },
      ],
    });
  });

  it('honours a custom cap, and blames the text itself outside loops', () => {
    expect(renderTemplate('abc\n{{x}}', { x: 'defgh' }, { maxOutputChars: 5 })).toEqual({
      ok: false,
      problems: [
        {
          line: 2,
          message:
            'The contract would be larger than 5 characters; check for loops over large lists',
        },
      ],
    });
    expect(renderTemplate('abcde', {}, { maxOutputChars: 5 })).toEqual({ ok: true, html: 'abcde' });
  });

  it('counts escaped characters against the cap', () => {
    expect(renderTemplate('{{x}}', { x: '<<' }, { maxOutputChars: 7 }).ok).toBe(false);
    expect(renderTemplate('{{x}}', { x: '<<' }, { maxOutputChars: 8 }).ok).toBe(true);
  });

  it(`allows ${TEMPLATE_MAX_BLOCK_DEPTH} nested blocks and refuses one more`, () => {
    const nest = (depth: number) => '{{#if a}}'.repeat(depth) + 'deep' + '{{/if}}'.repeat(depth);
    expect(render(nest(TEMPLATE_MAX_BLOCK_DEPTH), { a: true })).toBe('deep');
    expect(problemsOf(nest(TEMPLATE_MAX_BLOCK_DEPTH + 1))).toEqual([
      { line: 1, message: 'Blocks are nested more than 50 deep here; simplify the template' },
    ]);
  });

  it('compiles 10,000 nested blocks without overflowing the stack', () => {
    const source = '{{#if a}}\n'.repeat(10_000) + '{{/if}}'.repeat(10_000);
    const problems = problemsOf(source);
    expect(problems[0]).toEqual({
      line: 51,
      message: 'Blocks are nested more than 50 deep here; simplify the template',
    });
    expect(problemsOf('{{#if a}}'.repeat(10_000)).length).toBeGreaterThan(1);
  });

  it('compiles 200 KB of pathological template without throwing or hanging', () => {
    const sources = [
      '<p>{{client.name}} {{#each payments}}{{label}}{{/each}}</p>\n'.repeat(3_500),
      '{{'.repeat(100_000),
      '{{a'.repeat(66_000) + '}}',
      '}}{{'.repeat(50_000),
      '{'.repeat(200_000),
      '{{#if a}}'.repeat(20_000) + '{{/each}}'.repeat(2_000),
      `{{${' '.repeat(200_000)}x}}`,
    ];
    // A hang would trip the test timeout; speed itself is measured by the benchmarks.
    for (const source of sources) expect(() => compileTemplate(source)).not.toThrow();
  });
});

describe('editor support', () => {
  it('lists a token for every path of the sample data', () => {
    const sample = sampleTemplateData(null, '2026-11-21');
    const fields: Record<string, unknown> = { ...sample };
    const tokens = TEMPLATE_TOKENS.map((entry) => entry.token).join(' ');
    const paths = [
      ...Object.entries(fields).flatMap(([key, value]) =>
        value !== null && typeof value === 'object' && !Array.isArray(value)
          ? Object.keys(value).map((field) => `${key}.${field}`)
          : [key],
      ),
      ...Object.keys(sample.payments[0] ?? {}),
    ];
    for (const path of paths)
      expect(tokens).toMatch(new RegExp(`[ {]${path.replace('.', '\\.')}}}`));
  });

  it('lists each token once', () => {
    const tokens = TEMPLATE_TOKENS.map((entry) => entry.token);
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('lists only tokens that compile (loop-only ones inside an each)', () => {
    for (const { token, meaning } of TEMPLATE_TOKENS) {
      expect(meaning.length).toBeGreaterThan(0);
      const source = `{{#each payments}}${token.replaceAll('…', '')}{{/each}}`;
      expect(compileTemplate(source).ok, token).toBe(true);
    }
  });

  it('renders a full contract from the sample data', () => {
    const source = [
      '<h1>{{company.name}}</h1><p>{{phone company.phone}} · {{company.email}}</p>',
      '<p>Prepared for {{client.name}}, {{client.address}}, {{phone client.phone}} on {{date today}}</p>',
      '<p>{{scope.paragraph}}</p><ul>{{#each scope.bullets}}<li>{{this}}</li>{{/each}}</ul>',
      '<p>Total: {{money contract.total_cents}}</p>',
      '{{#each payments}}<p>{{@number}}. {{label}} ({{percent percent}}): {{money amount_cents}} {{trigger}}</p>{{/each}}',
      '{{#if signature.typed_name}}Signed by {{signature.typed_name}}{{else}}Not signed yet{{/if}}',
    ].join('\n');
    const html = render(source, sampleTemplateData(null, '2026-11-21'));
    expect(html).toContain('<h1>Your Company Name</h1><p>(555) 000-0000 · you@yourcompany.com</p>');
    expect(html).toContain(
      'Prepared for Jordan Rivera, 42 Maple Street, Springfield, IL 62704, (555) 123-4567 on November 21, 2026',
    );
    expect(html).toContain('<p>Total: $5,000.00</p>');
    expect(html).toContain('<p>1. Stage 1 (33%): $1,650.00 At signing</p>');
    expect(html).toContain('<p>3. Stage 3 (34%): $1,700.00 Substantial completion</p>');
    expect(html).toContain('Not signed yet');
    expect(html.match(/<li>/g)).toHaveLength(4);
  });
});

describe('sampleTemplateData', () => {
  it('uses the placeholder company when there are no preferences', () => {
    expect(sampleTemplateData().company).toEqual({
      name: 'Your Company Name',
      phone: '(555) 000-0000',
      email: 'you@yourcompany.com',
      address: '123 Main Street, Your City, ST 00000',
      website: null,
      logo: null,
    });
    expect(sampleTemplateData(null).company).toEqual(PLACEHOLDER_COMPANY);
  });

  it('lets each given company field override its placeholder; null and blank count as missing', () => {
    const company = sampleTemplateData({
      name: 'Green Thumb Landscaping',
      phone: null,
      email: '  ',
      website: 'https://greenthumb.example',
      logo: 'data:image/png;base64,AAAA',
    }).company;
    expect(company).toEqual({
      name: 'Green Thumb Landscaping',
      phone: '(555) 000-0000',
      email: 'you@yourcompany.com',
      address: '123 Main Street, Your City, ST 00000',
      website: 'https://greenthumb.example',
      logo: 'data:image/png;base64,AAAA',
    });
  });

  it('describes the landscaping job for Jordan Rivera at $5,000.00 in stages summing to the total', () => {
    const sample = sampleTemplateData(null, '2026-11-21');
    expect(sample.client).toEqual({
      name: 'Jordan Rivera',
      email: 'jordan@example.com',
      phone: '5551234567',
      address: '42 Maple Street, Springfield, IL 62704',
    });
    expect(sample.scope.bullets).toHaveLength(4);
    expect(sample.contract.total_cents).toBe(500_000);
    expect(sample.payments.map((p) => [p.label, p.percent, p.amount_cents, p.trigger])).toEqual([
      ['Stage 1', 33, 165_000, 'At signing'],
      ['Stage 2', 33, 165_000, 'Mid-project'],
      ['Stage 3', 34, 170_000, 'Substantial completion'],
    ]);
    expect(sample.payments.reduce((sum, p) => sum + p.amount_cents, 0)).toBe(500_000);
    expect(sample.payments.reduce((sum, p) => sum + p.percent, 0)).toBe(100);
    expect(sample.signature).toEqual({ typed_name: null, timestamp: null, png: null });
    expect(sample.client_signature).toEqual({ typed_name: null, timestamp: null, png: null });
    // Two owners on the title sign it (issue 37), neither yet.
    expect(sample.signers.map((signer) => [signer.name, signer.signed_at])).toEqual([
      ['Jordan Rivera', null],
      ['Morgan Rivera', null],
    ]);
    expect(sample.today).toBe('2026-11-21');
  });

  it("defaults today to today's UTC date and matches the schema", () => {
    const sample = sampleTemplateData();
    expect(sample.today).toBe(new Date().toISOString().slice(0, 10));
    expect(contractTemplateDataSchema.parse(sample)).toEqual(sample);
  });

  it('returns fresh objects each time', () => {
    const first = sampleTemplateData();
    first.payments.pop();
    first.signature.typed_name = 'x';
    expect(sampleTemplateData().payments).toHaveLength(3);
    expect(sampleTemplateData().signature.typed_name).toBeNull();
  });
});
