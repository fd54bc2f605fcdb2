import type { listNames as english } from '../en/lists.js';

/**
 * Nombres en una frase: `Jordan y Alex`, `Jordan, Alex y Sam`. La «y» pasa a «e» ante un nombre
 * que empieza por el sonido i (Isabel, Hilda), no ante un diptongo (Iara, Hielo).
 */
export const listNames: typeof english = (names) => {
  const last = names.at(-1) ?? '';
  const and = /^h?i(?![aeou\u00e1\u00e9\u00f3])/i.test(last) ? ' e ' : ' y ';
  return names.length < 2 ? last : `${names.slice(0, -1).join(', ')}${and}${last}`;
};
