/**
 * Header the local sandbox adds to its stock simulator's answers: the delay of stock notices it was
 * started with (`sandbox --stock-delay`), in milliseconds. The real sandbox sends none; the spec says
 * "about 1 minute" there.
 */
export const STOCK_DELAY_HEADER = 'x-partner-commerce-stock-delay-ms';

/** How long the stock notice waits, for a person: the local sandbox's delay when it said, else the spec's. */
export function stockDelayText(header: string | null): string {
  const ms = header === null || !/^\d{1,12}$/.test(header) ? undefined : Number(header);
  if (ms === undefined) return 'about a minute';
  if (ms === 0) return 'sent at once';
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms % 1_000 === 0) return `${ms / 1_000} s`;
  return `${ms} ms`;
}
