/**
 * Errors carry the names of every class they belong to under a global symbol, so an error made by
 * the CommonJS build is still recognised by `instanceof` in the ESM build (and vice versa): two
 * copies of a class are two different constructors, but `Symbol.for` is shared by the runtime.
 */
export const ERROR_KINDS: unique symbol = Symbol.for('partner-commerce.error.kinds') as never;

/** True when `value` is a partner-commerce error of the class named `kind` (or of a subclass). */
export function hasErrorKind(value: unknown, kind: string): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const kinds = (value as { [ERROR_KINDS]?: unknown })[ERROR_KINDS];
  return Array.isArray(kinds) && kinds.includes(kind);
}
