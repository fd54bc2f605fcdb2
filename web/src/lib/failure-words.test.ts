import { describe, expect, it } from 'vitest';
import { failureOf, failureOfStatus, retryAfterSeconds } from './failure';
import { DECLINE_FAILURE_WORDS, describeFailure, SIGNING_FAILURE_WORDS } from './failure-words';

describe("the homeowner's signing failures", () => {
  const en = SIGNING_FAILURE_WORDS.en;

  it("start with the spec's 'Please try again' and say the signature is still there", () => {
    for (const failure of [
      failureOfStatus(500, '', null, { signedInCall: false }),
      failureOf(new TypeError('Failed to fetch')),
    ]) {
      const message = describeFailure(failure, en);
      expect(message.startsWith('Please try again')).toBe(true);
      expect(message).toContain('Your signature and consent are still here.');
    }
  });

  it('name who to tell when the server keeps failing', () => {
    expect(describeFailure({ kind: 'server' }, en)).toContain(
      'If it keeps happening, contact the person who sent you this contract.',
    );
  });

  it('say when to try again after a 429, in Spanish too', () => {
    const busy = failureOfStatus(429, 'Too many requests', '45', { signedInCall: false });
    expect(describeFailure(busy, en)).toBe(
      'Please try again in 45 seconds: there were too many attempts.',
    );
    expect(describeFailure(busy, SIGNING_FAILURE_WORDS.es)).toBe(
      'Por favor, inténtelo de nuevo en 45 segundos: hubo demasiados intentos.',
    );
  });

  it('say in Spanish that the server could not be reached', () => {
    expect(describeFailure({ kind: 'offline' }, SIGNING_FAILURE_WORDS.es)).toBe(
      'Por favor, inténtelo de nuevo cuando vuelva a tener conexión: no pudimos comunicarnos ' +
        'con el servidor. Su firma y su aceptación siguen aquí.',
    );
  });

  it("go on in lower case after the colon in Spanish, with the server's sentence", () => {
    const refused = failureOfStatus(
      400,
      'Esta página no está actualizada. Vuelva a cargarla.',
      null,
      { signedInCall: false },
    );
    expect(describeFailure(refused, SIGNING_FAILURE_WORDS.es)).toBe(
      'Por favor, inténtelo de nuevo: esta página no está actualizada. Vuelva a cargarla.',
    );
    const named = failureOfStatus(400, 'PDF no disponible.', null, { signedInCall: false });
    expect(describeFailure(named, SIGNING_FAILURE_WORDS.es)).toBe(
      'Por favor, inténtelo de nuevo: PDF no disponible.',
    );
  });

  it('say the reason typed is kept when a decline fails on our side', () => {
    expect(describeFailure({ kind: 'timeout' }, DECLINE_FAILURE_WORDS.en)).toContain(
      'your reason is still here',
    );
  });

  it("show our own 502's sentence, which names the service that failed (issue 36)", () => {
    expect(
      failureOfStatus(502, 'Stripe could not be reached. Try again in a minute.', null),
    ).toEqual({
      kind: 'refused',
      message: 'Stripe could not be reached. Try again in a minute.',
    });
    expect(failureOfStatus(502, '<html>Bad Gateway</html>', null)).toEqual({ kind: 'server' });
  });

  it('treat an HTML error page as no sentence at all', () => {
    expect(failureOfStatus(403, '<html>Forbidden</html>', null)).toEqual({ kind: 'server' });
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterSeconds('120')).toBe(120);
    expect(retryAfterSeconds(new Date(61_000).toUTCString(), 0)).toBe(61);
    expect(retryAfterSeconds('soon')).toBeNull();
    expect(retryAfterSeconds(null)).toBeNull();
  });
});
