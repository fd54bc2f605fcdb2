import { describe, expect, it } from 'vitest';
import { httpErrorMessage } from './errors';

describe('the generic message of a failed call', () => {
  it('is the status, a colon and a space, then the body', () => {
    expect(httpErrorMessage(500, 'Internal Server Error', 'Server exploded')).toBe(
      '500: Server exploded',
    );
  });

  it('uses the status text when the body is empty', () => {
    expect(httpErrorMessage(502, 'Bad Gateway', '  ')).toBe('502: Bad Gateway');
  });

  it('cuts a long body short', () => {
    const message = httpErrorMessage(502, 'Bad Gateway', `<html> ${'x'.repeat(1000)}`);
    expect(message.length).toBeLessThan(170);
    expect(message.endsWith('…')).toBe(true);
  });
});
