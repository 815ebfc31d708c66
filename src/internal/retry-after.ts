/**
 * Reads Retry-After: delta seconds (the spec's form) or an HTTP date (allowed by HTTP, so accepted).
 * Returns milliseconds to wait, or undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (value == null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.ceil(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * Reads X-RateLimit-Reset. The spec does not show its unit, so both common forms are accepted:
 * seconds until the reset (small numbers) or the Unix time of the reset in seconds (large numbers).
 * Returns milliseconds until the reset, or undefined.
 */
export function parseRateLimitReset(value: string | null | undefined, now = Date.now()): number | undefined {
  if (value == null || !/^\s*\d+(\.\d+)?\s*$/.test(value)) return undefined;
  const n = Number(value);
  // Anything past 2001-09-09 in Unix seconds cannot be a plausible "seconds until" value.
  if (n >= 1e9) return Math.max(0, Math.ceil(n * 1000 - now));
  return Math.ceil(n * 1000);
}
