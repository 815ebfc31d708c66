/**
 * An API timestamp read as an instant: epoch milliseconds (the offset applied), and the fraction digits
 * beyond them with trailing zeros removed, so two times that differ below a millisecond still order.
 */
export interface Instant {
  readonly ms: number;
  readonly rest: string;
}

// Strict on purpose: Date.parse also reads a space for the `T`, or no offset (then local time), which
// the Product schema refuses; the SDK must order, store and mark by the same reading it validates by.
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?)(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})$/i;

/**
 * @internal The instant an API timestamp (`atualizadoEm` and the like) stands for, or undefined when it
 * is not ISO 8601 with an offset. The one reading of such a time in the SDK: the mirror stores
 * `ms` (its column's precision) and orders by both parts, so what it stores and what it decides agree.
 */
export function instantOf(text: unknown): Instant | undefined {
  const match = typeof text === 'string' ? TIMESTAMP.exec(text) : null;
  if (!match) return undefined;
  const fraction = match[2] ?? '';
  const ms = Date.parse(`${match[1]!}.${fraction.slice(0, 3).padEnd(3, '0')}${match[3]!.toUpperCase()}`);
  return Number.isNaN(ms) ? undefined : { ms, rest: fraction.slice(3).replace(/0+$/, '') };
}

/** @internal Negative, zero or positive as `a` is before, at or after `b`, to any fraction the API writes. */
export function compareInstants(a: Instant, b: Instant): number {
  if (a.ms !== b.ms) return a.ms - b.ms;
  const width = Math.max(a.rest.length, b.rest.length);
  const ra = a.rest.padEnd(width, '0');
  const rb = b.rest.padEnd(width, '0');
  return ra < rb ? -1 : ra > rb ? 1 : 0;
}
