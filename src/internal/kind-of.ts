/** What kind of value a caller passed, for error messages: `null`, `an array`, or its `typeof`. */
export function kindOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}
