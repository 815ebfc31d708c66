const BRASILIA_OFFSET_MS = -3 * 60 * 60 * 1000;

/**
 * Writes a moment as the API does: ISO 8601 in Brasilia time with offset `-03:00`. Milliseconds appear
 * only when not zero, so whole-second data reads like the spec's examples.
 */
export function toBrasilia(date: Date): string {
  const shifted = new Date(date.getTime() + BRASILIA_OFFSET_MS).toISOString();
  const withoutZone = shifted.endsWith('.000Z') ? shifted.slice(0, -5) : shifted.slice(0, -1);
  return `${withoutZone}-03:00`;
}

// The spec makes the offset mandatory and accepts only these two; anything else must be refused.
const DATE_PARAM = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|-03:00)$/;

/** Reads a date query parameter by the spec's rule; `undefined` when it is not acceptable. */
export function parseDateParam(text: string): number | undefined {
  const match = DATE_PARAM.exec(text);
  if (!match) return undefined;
  // Date.parse reads at most milliseconds; finer digits carry no meaning for a filter.
  const local = match[1]!.replace(/(\.\d{3})\d+$/, '$1');
  const ms = Date.parse(`${local}${match[2]!}`);
  return Number.isNaN(ms) ? undefined : ms;
}
