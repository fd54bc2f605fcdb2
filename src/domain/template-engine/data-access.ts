/**
 * The only way the engine reads data. It sees plain data and nothing else: primitives, arrays and
 * objects whose prototype is Object.prototype or null. It reads own data properties only (never a
 * getter, never anything inherited), never calls a function, and never writes, so a template can
 * neither run code nor reach or pollute prototypes. Anything else reads as `undefined`.
 */

const BLOCKED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export function isPlainArray(value: unknown): value is readonly unknown[] {
  return Array.isArray(value) && Object.getPrototypeOf(value) === Array.prototype;
}

/** The value itself when it is plain data, otherwise undefined (functions, symbols, class instances). */
export function asPlainData(value: unknown): unknown {
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'bigint':
    case 'undefined':
      return value;
    case 'object':
      return value === null || isPlainObject(value) || isPlainArray(value) ? value : undefined;
    default:
      return undefined;
  }
}

/**
 * An own data property of a plain object. Arrays expose nothing here (not even `length`): their
 * items are reached with {{#each}} only.
 */
export function readOwn(container: unknown, key: string): { found: boolean; value: unknown } {
  if (BLOCKED_KEYS.has(key) || !isPlainObject(container)) return { found: false, value: undefined };
  const descriptor = Object.getOwnPropertyDescriptor(container, key);
  if (!descriptor || !('value' in descriptor)) return { found: false, value: undefined };
  return { found: true, value: asPlainData(descriptor.value) };
}

/** Follows the keys after the first one; anything missing on the way gives undefined. */
export function readPath(start: unknown, keys: readonly string[]): unknown {
  let value = start;
  for (const key of keys) {
    value = readOwn(value, key).value;
    if (value === undefined) return undefined;
  }
  return value;
}

/** The item at an index of a plain array (an own data property), as plain data. */
export function readItem(list: readonly unknown[], index: number): unknown {
  const descriptor = Object.getOwnPropertyDescriptor(list, index);
  return descriptor && 'value' in descriptor ? asPlainData(descriptor.value) : undefined;
}

/** Handlebars-like truthiness, plus empty lists count as false. */
export function isTruthy(value: unknown): boolean {
  if (isPlainArray(value)) return value.length > 0;
  return Boolean(value);
}
