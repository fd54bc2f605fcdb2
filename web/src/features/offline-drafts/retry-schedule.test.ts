import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { DeadlineError, HttpError } from '../../lib/failure';
import { retryDelayMs, sendOutcomeOf } from './retry-schedule';

function trpcAnswer(httpStatus: number, message: string) {
  return TRPCClientError.from(
    { error: { code: -32600, message, data: { httpStatus, path: 'contracts.update', code: 'X' } } },
    { meta: { response: new Response(null) } },
  );
}

describe('when a draft kept on the phone is tried again', () => {
  it('waits 2 s, then twice as long each time, at most 5 minutes', () => {
    const noJitter = () => 0;
    expect([1, 2, 3, 4, 5].map((attempts) => retryDelayMs(attempts, noJitter))).toEqual([
      2000, 4000, 8000, 16_000, 32_000,
    ]);
    expect(retryDelayMs(30, noJitter)).toBe(300_000);
  });

  it('adds up to a fifth at random, so phones that lost the same tower do not retry together', () => {
    expect(retryDelayMs(1, () => 0.999)).toBe(2400);
    expect(retryDelayMs(30, () => 0.5)).toBe(330_000);
  });
});

describe('what a failed send means for the draft', () => {
  it('tries again later when no answer came, it came too late, or the server could not answer', () => {
    expect(sendOutcomeOf(new TypeError('Failed to fetch'))).toBe('unreachable');
    expect(sendOutcomeOf(new DeadlineError(20_000))).toBe('unreachable');
    expect(sendOutcomeOf(new HttpError(502, 'Bad Gateway', '<html>proxy</html>'))).toBe('later');
    expect(sendOutcomeOf(trpcAnswer(500, 'Something went wrong on our side.'))).toBe('later');
    expect(sendOutcomeOf(trpcAnswer(429, 'Too many requests'))).toBe('later');
  });

  it('asks the person to choose when the draft changed elsewhere (409)', () => {
    expect(
      sendOutcomeOf(
        trpcAnswer(409, 'This draft was changed on another device since this one last saw it'),
      ),
    ).toBe('conflict');
  });

  it('waits for the next sign-in when the session ended, and shows a refusal to the person', () => {
    expect(sendOutcomeOf(trpcAnswer(401, 'Please sign in'))).toBe('signed-out');
    expect(sendOutcomeOf(trpcAnswer(400, 'Price must be more than $0'))).toBe('refused');
  });
});
