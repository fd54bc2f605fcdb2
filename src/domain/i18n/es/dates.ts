import type { dates as english } from '../en/dates.js';

/**
 * Las fechas conservan el formato estadounidense (mes, día, año; reloj de 12 horas), como exige
 * la especificación del producto: solo cambian los nombres de los meses, en minúscula como se
 * escriben en español ("noviembre 25, 2026").
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
  // "a la 1:05 PM", pero "a las 3:04 PM".
  at: (hour) => (hour === 1 ? 'a la' : 'a las'),
  atUtcTime: (date, clock, hour) => `${date} ${hour === 1 ? 'a la' : 'a las'} ${clock} UTC`,
};
