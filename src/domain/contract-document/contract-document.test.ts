import { describe, expect, it } from 'vitest';
import { presetTemplates } from '../../../db/seeds/preset-templates.js';
import { signedSampleContractHtml } from '../../test/factories.js';
import {
  CONTRACT_DOCUMENT_CSP,
  documentForDisplay,
  freezeContractDocument,
  inspectContractTemplate,
} from './index.js';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

/** The two-versions trick of the audit: the client reads one set of terms, the printer another. */
const PRINT_TRICK = `<!doctype html><html><head><style>
@media print { .screen { display: none } }
@media screen { .print { display: none } }
</style></head><body>
<p class="screen">$5,000, 10-year warranty</p>
<p class="print">$50,000, no warranty, client waives all claims</p>
</body></html>`;

/** Every kind of outside reference the audit found in frozen documents, one per line. */
const OUTSIDE_REFERENCES = `<!doctype html><html><head>
<base href="https://evil.example/">
<link rel="stylesheet" href="https://evil.example/a.css">
<style>@import url(https://evil.example/b.css);</style>
<style>@font-face { font-family: X; src: url(https://evil.example/f.woff) }</style>
<style>.logo { background: url("https://evil.example/bg.png") }</style>
<meta http-equiv="refresh" content="0;url=https://evil.example/">
</head><body>
<img src="https://evil.example/pixel.png" alt="tracker">
<img srcset="https://evil.example/2x.png 2x" src="${PNG}" alt="logo">
<div style="background-image: url(https://evil.example/c.png)">Terms</div>
<table background="https://evil.example/t.png"><tr><td>Row</td></tr></table>
<p style="color: red; background: image-set('https://evil.example/d.png' 1x)">Price</p>
<svg><image href="https://evil.example/e.png"/></svg>
<iframe src="https://evil.example/frame"></iframe>
<object data="https://evil.example/o.swf"></object>
<video src="https://evil.example/v.mp4"></video>
<script src="https://evil.example/s.js"></script>
</body></html>`;

describe('freezing a contract document', () => {
  it('drops rules that apply only on paper, so the PDF can only show what the screen shows', () => {
    const frozen = freezeContractDocument(PRINT_TRICK);
    expect(frozen).not.toContain('@media');
    // Both versions are now plain text for everyone: the client sees what the printer prints.
    expect(frozen).toContain('$5,000, 10-year warranty');
    expect(frozen).toContain('$50,000, no warranty, client waives all claims');
  });

  it.each([
    ['@page margin boxes', '@page { @top-center { content: "No warranty" } }', '@page'],
    ['print-color-adjust', '.a { print-color-adjust: economy; color: red }', 'print-color-adjust'],
    ['-webkit-print-color-adjust', '.a { -webkit-print-color-adjust: exact }', 'color-adjust'],
    ['an escaped @media', '@\\6d edia print { .a { display: none } }', 'edia'],
    ['an escaped url()', '.a { background: \\75 rl(https://evil.example/x.png) }', 'evil'],
    ['viewport units', '.a { font-size: clamp(0px, calc(100vw - 500px), 16px) }', 'vw'],
    ['custom properties', '.a { --x: url(https://evil.example/x.png); color: var(--x) }', 'var('],
  ])('drops %s', (_name, css, leftover) => {
    const frozen = freezeContractDocument(`<style>${css}</style><p>Terms</p>`);
    expect(frozen).not.toContain(leftover);
    expect(frozen).toContain('Terms');
  });

  it('leaves no reference to anything outside the document', () => {
    const frozen = freezeContractDocument(OUTSIDE_REFERENCES);
    expect(frozen).not.toContain('evil.example');
    expect(frozen).not.toMatch(/<(base|link|script|iframe|object|video|svg)\b/i);
    expect(frozen).not.toContain('@import');
    expect(frozen).not.toContain('@font-face');
    // The contract's own words and its data: images stay.
    for (const words of ['Terms', 'Row', 'Price']) expect(frozen).toContain(words);
    expect(frozen).toContain(`src="${PNG}"`);
    expect(frozen).toContain('color:red');
  });

  it('carries its no-network policy as the first thing in its head', () => {
    const frozen = freezeContractDocument('<p>Terms</p>');
    expect(frozen).toMatch(
      /^<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy" content="([^"]+)">/,
    );
    expect(frozen).toContain(`content="${CONTRACT_DOCUMENT_CSP}"`);
    expect(CONTRACT_DOCUMENT_CSP).toBe(
      "default-src 'none'; img-src data:; style-src 'unsafe-inline'",
    );
  });

  it('cannot be talked out of its policy by a template’s own CSP or a closing tag in CSS', () => {
    const frozen = freezeContractDocument(
      `<meta http-equiv="Content-Security-Policy" content="default-src *">` +
        `<style>.a::after { content: "</style><img src=https://evil.example/x.png>" }</style>`,
    );
    expect(frozen.match(/Content-Security-Policy/g)).toHaveLength(1);
    expect(frozen).not.toContain('default-src *');
    expect(frozen).not.toContain('<img');
  });

  it('removes code: scripts, handlers and javascript: links, keeping safe links', () => {
    const frozen = freezeContractDocument(
      '<p onclick="steal()">Terms</p><a href="javascript:steal()">x</a>' +
        '<a href="jav&#x09;ascript:steal()">y</a><a href="https://greenleaf.example">site</a>' +
        '<a href="mailto:a@example.com">mail</a><noscript><p>hidden</p></noscript>',
    );
    expect(frozen).not.toContain('steal');
    expect(frozen).not.toContain('onclick');
    expect(frozen).not.toContain('hidden');
    expect(frozen).toContain('href="https://greenleaf.example"');
    expect(frozen).toContain('href="mailto:a@example.com"');
  });

  it('gives the same document when applied again (documents frozen earlier stay as they are)', () => {
    for (const html of [signedSampleContractHtml(), OUTSIDE_REFERENCES, PRINT_TRICK]) {
      const frozen = freezeContractDocument(html);
      expect(freezeContractDocument(frozen)).toBe(frozen);
    }
  });
});

describe('showing a stored document', () => {
  it('shows one frozen under the policy as it is, and freezes one stored before the policy', () => {
    const frozen = freezeContractDocument(signedSampleContractHtml());
    expect(documentForDisplay(frozen)).toBe(frozen);
    expect(documentForDisplay(OUTSIDE_REFERENCES)).toBe(freezeContractDocument(OUTSIDE_REFERENCES));
    // Starting like a frozen document without its exact policy is not enough.
    const lookalike = `<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy" content="default-src *"><script>x()</script>`;
    expect(documentForDisplay(lookalike)).not.toContain('<script');
  });
});

describe('checking a template before it is saved', () => {
  it('names each problem on its line and says how to fix it', () => {
    const problems = inspectContractTemplate(OUTSIDE_REFERENCES);
    const at = (line: number) =>
      problems
        .filter((problem) => problem.line === line)
        .map((problem) => problem.message)
        .join(' | ');
    expect(at(2)).toMatch(/<base> is removed/);
    expect(at(3)).toMatch(/<link> is removed: .*put the styles in this template’s <style> block/);
    expect(at(4)).toMatch(/@import loads a style sheet from outside the contract/);
    expect(at(5)).toMatch(/@font-face loads a font from outside the contract/);
    expect(at(6)).toMatch(/url\(https:\/\/evil.example\/bg.png\) .*upload your logo in Settings/);
    expect(at(7)).toMatch(/http-equiv="refresh"/);
    expect(at(9)).toMatch(/<img src="https:\/\/evil.example\/pixel.png"> loads an image/);
    expect(at(10)).toMatch(/srcset attribute loads a file/);
    expect(at(11)).toMatch(/url\(https:\/\/evil.example\/c.png\)/);
    expect(at(12)).toMatch(/background attribute/);
    expect(at(13)).toMatch(/image-set\(\) is not allowed/);
    expect(at(14)).toMatch(/<svg> is removed/);
    expect(at(18)).toMatch(/<script> is removed/);
  });

  it('names print-only rules', () => {
    const messages = inspectContractTemplate(PRINT_TRICK).map((problem) => problem.message);
    expect(messages).toEqual([
      expect.stringMatching(/^@media print makes the paper copy differ/),
      expect.stringMatching(/^@media makes the contract differ/),
    ]);
  });

  it('leaves {{tokens}} to be checked when they are filled in', () => {
    const template =
      '<style>.brand { color: {{company.color}} }</style>' +
      '<img src="{{company.logo}}" alt="logo"><a href="{{company.website}}">site</a>' +
      '<div style="width: {{percent x}}">x</div>';
    expect(inspectContractTemplate(template)).toEqual([]);
  });

  it.each(presetTemplates.map((preset) => [preset.name, preset.html] as const))(
    'finds nothing to fix in the %s preset',
    (_name, html) => {
      expect(inspectContractTemplate(html)).toEqual([]);
    },
  );
});
