import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { errorMessage } from './errors';
import { DeadlineError, HttpError } from './failure';

/** A tRPC error as the client builds it from the server's JSON answer. */
function trpcAnswer(httpStatus: number, message: string, path = 'contracts.update', headers = {}) {
  return TRPCClientError.from(
    { error: { code: -32600, message, data: { httpStatus, path, code: 'X' } } },
    { meta: { response: new Response(null, { headers }) } },
  );
}

describe('the message of a failed call in the contractor app', () => {
  it('keeps the sentence of a server that refused the input', () => {
    expect(errorMessage(trpcAnswer(400, 'Price must be more than $0'), 'x')).toBe(
      'Price must be more than $0',
    );
  });

  it('says a 500 was our fault, that nothing was lost, and when to try again', () => {
    const message = errorMessage(trpcAnswer(500, 'Something went wrong on our side.'), 'x');
    expect(message).toBe(
      'Something went wrong on our side; nothing was lost and your changes are still here. Try ' +
        'again in a minute. If it keeps happening, tell whoever runs TradeSign for your company.',
    );
  });

  it('describes a proxy page by its status, never as "500: Internal Server Error"', () => {
    const proxy = TRPCClientError.from(new HttpError(500, 'Internal Server Error', ''));
    expect(errorMessage(proxy, 'x')).toMatch(/^Something went wrong on our side;/);
    const gateway = TRPCClientError.from(new HttpError(502, 'Bad Gateway', '<html>nginx</html>'));
    expect(errorMessage(gateway, 'x')).toMatch(/^Something went wrong on our side;/);
  });

  it('says the server could not be reached when no answer came', () => {
    expect(errorMessage(TRPCClientError.from(new TypeError('Failed to fetch')), 'x')).toBe(
      'Could not reach TradeSign. Check your connection, then try again: your changes are still ' +
        'here.',
    );
  });

  it('says it is taking too long once the deadline passes', () => {
    expect(errorMessage(TRPCClientError.from(new DeadlineError(20_000)), 'x')).toBe(
      'This is taking too long, so we stopped waiting. Your changes are still here: check your ' +
        'connection and try again. If it went through meanwhile, the page will show it.',
    );
  });

  it('says when to try again after a 429, from Retry-After', () => {
    const busy = trpcAnswer(
      429,
      'Too many attempts. Please wait a few minutes and try again.',
      'contracts.create',
      {
        'retry-after': '300',
      },
    );
    expect(errorMessage(busy, 'x')).toBe('Too many tries in a short time. Try again in 5 minutes.');
  });

  it("keeps a 429's own sentence when it names the time already", () => {
    const busy = trpcAnswer(429, 'You can send another reminder at 3:14 PM', 'followUp.remind', {
      'retry-after': '2000',
    });
    expect(errorMessage(busy, 'x')).toBe('You can send another reminder at 3:14 PM');
  });

  it('says the session ended on a 401, and that the draft stays on this device', () => {
    expect(errorMessage(trpcAnswer(401, 'Please sign in'), 'x')).toBe(
      'Your session has ended. Sign in again to go on; a contract you were writing stays on this ' +
        'device.',
    );
  });

  it("keeps the sign-in form's own 401 sentence", () => {
    expect(errorMessage(trpcAnswer(401, 'Invalid email or password', 'auth.login'), 'x')).toBe(
      'Invalid email or password',
    );
  });

  it('says what changed on a 409', () => {
    expect(errorMessage(trpcAnswer(409, 'This contract was already sent'), 'x')).toBe(
      'This contract was already sent',
    );
  });
});
