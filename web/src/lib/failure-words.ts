import type { Language } from '@domain/i18n/languages';
import type { Failure } from './failure';

/**
 * The words for each cause of a failure, for one audience in one language. Each says what
 * happened and what to do next (docs/decisions/036).
 */
export interface FailureWords {
  offline: string;
  server: string;
  timeout: string;
  signedOut: string;
  /** A 429: `wait` is "in 5 minutes" (or "in a minute" when the server did not say). */
  busy: (wait: string) => string;
  waitFor: (seconds: number | null) => string;
  /** A refusal or a conflict: the server's own sentence, framed for this audience. */
  refused: (message: string) => string;
  /** Shown on a button's call after a second without an answer. */
  stillWorking: string;
}

/** One message for a failure. */
export function describeFailure(failure: Failure, words: FailureWords): string {
  switch (failure.kind) {
    case 'refused':
    case 'conflict':
      return words.refused(failure.message);
    case 'signed-out':
      return words.signedOut;
    case 'busy':
      // A sentence that names a time already ("...can go at 3:14 PM") says it best; otherwise
      // Retry-After says when.
      return failure.message && (/\d/.test(failure.message) || failure.retryAfterSeconds === null)
        ? words.refused(failure.message)
        : words.busy(words.waitFor(failure.retryAfterSeconds));
    case 'server':
      return words.server;
    case 'offline':
      return words.offline;
    case 'timeout':
      return words.timeout;
  }
}

const inEnglish = (seconds: number | null): string => {
  if (seconds === null) return 'in a minute';
  if (seconds < 60) return `in ${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `in ${Math.ceil(minutes / 60)} hours`;
};

const inSpanish = (seconds: number | null): string => {
  if (seconds === null) return 'en un minuto';
  if (seconds < 60) return `en ${seconds} segundo${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `en ${minutes} minuto${minutes === 1 ? '' : 's'}`;
  return `en ${Math.ceil(minutes / 60)} horas`;
};

/**
 * "Esta página..." as "esta página...": Spanish goes on in lower case after a colon. A first word
 * with capitals inside ("PDF", "TradeSign") keeps them.
 */
const lowercaseFirst = (sentence: string): string =>
  /^\p{Lu}\p{Ll}/u.test(sentence) && !/^\S*\p{Ll}\p{Lu}/u.test(sentence)
    ? sentence.charAt(0).toLocaleLowerCase('es') + sentence.slice(1)
    : sentence;

/** The contractor's app (English only). */
export const CONTRACTOR_FAILURE_WORDS: FailureWords = {
  offline:
    'Could not reach TradeSign. Check your connection, then try again: your changes are still here.',
  server:
    'Something went wrong on our side; nothing was lost and your changes are still here. Try ' +
    'again in a minute. If it keeps happening, tell whoever runs TradeSign for your company.',
  timeout:
    'This is taking too long, so we stopped waiting. Your changes are still here: check your ' +
    'connection and try again. If it went through meanwhile, the page will show it.',
  signedOut:
    'Your session has ended. Sign in again to go on; a contract you were writing stays on this ' +
    'device.',
  busy: (wait) => `Too many tries in a short time. Try again ${wait}.`,
  waitFor: inEnglish,
  refused: (message) => message,
  stillWorking: 'Still working…',
};

/**
 * The homeowner's Sign Contract, under the spec's toast title 'Error signing contract'. Each
 * sentence starts with the spec's words 'Please try again' and then says when and why.
 */
export const SIGNING_FAILURE_WORDS = {
  en: {
    offline:
      'Please try again when you are back online: we could not reach the server. Your ' +
      'signature and consent are still here.',
    server:
      'Please try again in a minute: something went wrong on our side, and nothing was recorded. ' +
      'Your signature and consent are still here. If it keeps happening, contact the person who ' +
      'sent you this contract.',
    timeout:
      'Please try again: the server is taking too long to answer. Your signature and consent are ' +
      'still here. If your signature went through meanwhile, the page will say so.',
    signedOut: 'Please try again: the server did not accept this link. Reload the page.',
    busy: (wait) => `Please try again ${wait}: there were too many attempts.`,
    waitFor: inEnglish,
    refused: (message) => `Please try again: ${message}`,
    stillWorking: 'Still working…',
  },
  es: {
    offline:
      'Por favor, inténtelo de nuevo cuando vuelva a tener conexión: no pudimos comunicarnos ' +
      'con el servidor. Su firma y su aceptación siguen aquí.',
    server:
      'Por favor, inténtelo de nuevo en un minuto: hubo un problema en nuestro sistema y no se ' +
      'registró nada. Su firma y su aceptación siguen aquí. Si vuelve a ocurrir, comuníquese ' +
      'con quien le envió este contrato.',
    timeout:
      'Por favor, inténtelo de nuevo: el servidor está tardando demasiado en responder. Su firma ' +
      'y su aceptación siguen aquí. Si su firma llegó mientras tanto, la página lo indicará.',
    signedOut:
      'Por favor, inténtelo de nuevo: el servidor no aceptó este enlace. Vuelva a cargar la ' +
      'página.',
    busy: (wait) => `Por favor, inténtelo de nuevo ${wait}: hubo demasiados intentos.`,
    waitFor: inSpanish,
    // En español, tras los dos puntos la oración sigue en minúscula.
    refused: (message) => `Por favor, inténtelo de nuevo: ${lowercaseFirst(message)}`,
    stillWorking: 'Seguimos trabajando…',
  },
} as const satisfies Record<Language, FailureWords>;

/** The homeowner's Decline: the reason typed stays in the dialog. */
export const DECLINE_FAILURE_WORDS = {
  en: {
    ...SIGNING_FAILURE_WORDS.en,
    offline: 'We could not send your answer. Please check your connection and try again.',
    server:
      'Something went wrong on our side, and your answer was not sent. Please try again in a ' +
      'minute; your reason is still here.',
    timeout:
      'The server is taking too long to answer. Please try again; your reason is still here. If ' +
      'your answer went through meanwhile, the page will say so.',
  },
  es: {
    ...SIGNING_FAILURE_WORDS.es,
    offline: 'No pudimos enviar su respuesta. Revise su conexión a internet e inténtelo de nuevo.',
    server:
      'Hubo un problema en nuestro sistema y su respuesta no se envió. Inténtelo de nuevo en un ' +
      'minuto; su motivo sigue aquí.',
    timeout:
      'El servidor está tardando demasiado en responder. Inténtelo de nuevo; su motivo sigue ' +
      'aquí. Si su respuesta llegó mientras tanto, la página lo indicará.',
  },
} as const satisfies Record<Language, FailureWords>;
