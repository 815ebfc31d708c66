/** What kind of value a caller passed, for error messages: `null`, `an array`, or its `typeof`. */
export function kindOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}

/** What a refused value was, for error messages: a number as itself, anything else by its {@link kindOf}. */
export function got(value: unknown): string {
  return typeof value === 'number' ? String(value) : kindOf(value);
}

/** {@link got}, with a string quoted (its first 40 characters): for values whose text is the mistake. */
export function shown(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : got(value);
}
