import { describe, expect, it } from 'vitest';
import { modulesIn, TRPC_CLIENT, WIZARD_AND_TEMPLATE_CODE } from './chunk-contents.js';

describe('what the signing page must not load', () => {
  it.each([
    'web/src/routes/_authed/wizard.tsx?tsr-split=component',
    'web/src/routes/_authed/templates/editor.tsx?tsr-split=component',
    'web/src/routes/_authed/templates/index.tsx?tsr-split=component',
    'web/src/features/wizard/wizard-page.tsx',
    'web/src/features/templates/template-editor.tsx',
    'src/domain/template-engine/render.ts',
  ])('counts %s as wizard/template code', (module) => {
    expect(WIZARD_AND_TEMPLATE_CODE.test(module)).toBe(true);
  });

  it.each([
    // The route table (paths and search rules of every route) is part of the app's entry.
    'web/src/routes/_authed/wizard.tsx',
    'web/src/routes/esign/$token.tsx?tsr-split=component',
    'src/domain/template-engine/formatters.ts',
    'web/src/features/esign/signing-view.tsx',
  ])('does not count %s', (module) => {
    expect(WIZARD_AND_TEMPLATE_CODE.test(module)).toBe(false);
  });

  it('finds the tRPC client by its package and by our module', () => {
    expect(TRPC_CLIENT.test('node_modules/@trpc/client/dist/index.mjs')).toBe(true);
    expect(TRPC_CLIENT.test('web/src/lib/trpc.ts')).toBe(true);
    expect(TRPC_CLIENT.test('web/src/lib/query-client.ts')).toBe(false);
  });

  it('names the script each offending module came in', () => {
    const contents = new Map([
      ['/assets/web-1.js', ['web/src/main.tsx', 'web/src/routes/_authed/wizard.tsx']],
      ['/assets/_token-2.js', ['web/src/features/esign/esign-page.tsx']],
      ['/assets/wizard-3.js', ['web/src/features/wizard/wizard-page.tsx']],
    ]);
    expect(
      modulesIn(contents, ['/assets/web-1.js', '/assets/_token-2.js'], WIZARD_AND_TEMPLATE_CODE),
    ).toEqual([]);
    expect(modulesIn(contents, ['/assets/wizard-3.js'], WIZARD_AND_TEMPLATE_CODE)).toEqual([
      { script: '/assets/wizard-3.js', module: 'web/src/features/wizard/wizard-page.tsx' },
    ]);
  });
});
