/** Length of the intervals `Stream-Cursor` counts, ms. */
const INTERVAL_MS = 20_000;

/**
 * @internal The `Stream-Cursor` of a live answer (Durable Streams §caching): the current 20-second
 * interval since the epoch, moved past the cursor the client echoed, so a CDN that collapses requests
 * by URL never serves a live reader the same cached answer in a loop.
 */
export function nextStreamCursor(echoed: string | null, now = Date.now()): string {
  const interval = Math.floor(now / INTERVAL_MS);
  const previous = echoed !== null && /^\d{1,16}$/.test(echoed) ? Number(echoed) : -1;
  return String(previous >= interval ? previous + 1 : interval);
}
