import { describe, expect, it } from 'vitest';
import { eventWords } from '../../../domain/contract-lifecycle.js';
import { pngDataUrl } from './view.js';

describe('pngDataUrl', () => {
  it('keeps an inline PNG and drops anything the renderer could fetch or run', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    expect(pngDataUrl(png)).toBe(png);
    for (const value of [
      null,
      '',
      'https://evil.example/x.png',
      'javascript:alert(1)',
      'data:image/svg+xml;base64,PHN2Zz4=',
      'data:image/png;base64,AAA" onerror="x',
    ]) {
      expect(pngDataUrl(value)).toBeNull();
    }
  });
});

describe('eventName', () => {
  it('names known events and prints unknown or inherited keys as stored', () => {
    expect(eventWords('signed_by_client', 'record')).toBe('Signed by the client');
    expect(eventWords('new_kind', 'record')).toBe('new_kind');
    expect(eventWords('constructor', 'record')).toBe('constructor');
  });
});
