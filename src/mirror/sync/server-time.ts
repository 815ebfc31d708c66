import { instantOf } from '../../dates/instant.js';
import type { ResponseMeta } from '../../transport/response-meta.js';

/** The server's clock from an answer's `Date` header, in epoch ms; undefined when absent or unreadable. */
export function serverTimeOf(meta: ResponseMeta | undefined): number | undefined {
  const header = meta?.headers?.get('date');
  if (!header) return undefined;
  const ms = Date.parse(header);
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * Latest `atualizadoEm` among records, in epoch ms, leaving out any past `tetoMs` (stamped by a clock far
 * ahead: as a high-water mark it would skip every change until then).
 */
export function latestOf(produtos: ReadonlyArray<{ atualizadoEm: string }>, start: number | undefined, tetoMs?: number): number | undefined {
  let max = start;
  for (const p of produtos) {
    // The same reading the products are checked and stored by: a time set aside as unreadable marks nothing.
    const ms = instantOf(p.atualizadoEm)?.ms;
    if (ms !== undefined && (tetoMs === undefined || ms <= tetoMs) && (max === undefined || ms > max)) max = ms;
  }
  return max;
}

/** The server's time as the API writes it (ISO 8601, UTC). */
export const iso = (ms: number): string => new Date(ms).toISOString();
