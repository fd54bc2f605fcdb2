import type { dates as english } from '../en/dates.js';

/**
 * Las fechas se escriben como se escriben en español (issue 32): "25 de noviembre de 2026", con
 * el mes en minúscula, y la hora con el reloj de 12 horas que se usa en los Estados Unidos,
 * "3:14 p. m.".
 */
export const dates: typeof english = {
  months: [
    'enero',
    'febrero',
    'marzo',
    'abril',
    'mayo',
    'junio',
    'julio',
    'agosto',
    'septiembre',
    'octubre',
    'noviembre',
    'diciembre',
  ],
  longDate: (year, month, day) => `${day} de ${dates.months[month - 1] ?? ''} de ${year}`,
  clock: (hour12, minutes, afternoon) => `${hour12}:${minutes} ${afternoon ? 'p. m.' : 'a. m.'}`,
  // "a la 1:05 p. m.", pero "a las 3:04 p. m.".
  at: (hour) => (hour === 1 ? 'a la' : 'a las'),
  atUtcTime: (date, clock, hour) => `${date} ${hour === 1 ? 'a la' : 'a las'} ${clock} UTC`,
};
