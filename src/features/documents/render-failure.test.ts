import { describe, expect, it } from 'vitest';
import { describeRenderFailure } from './render-failure.js';

describe('why a print failed, as the contract page says it', () => {
  it("keeps the first line of Playwright's message, without its call log and colour codes", () => {
    const error = new Error(
      'page.setContent: RangeError: Maximum call stack size exceeded\nCall log:\n\u001b[2m  - setting frame content, waiting until "load"\u001b[22m\n',
    );
    expect(describeRenderFailure(error)).toBe(
      'page.setContent: RangeError: Maximum call stack size exceeded',
    );
  });

  it('cuts a long message at 300 characters, and names an error without one', () => {
    expect(describeRenderFailure(new Error('x'.repeat(400)))).toHaveLength(300);
    expect(describeRenderFailure(new TypeError(''))).toBe('TypeError');
    expect(describeRenderFailure('a string')).toBe('unknown error');
  });
});
