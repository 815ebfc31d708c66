/** A moment as the API writes it: Brasilia time, offset -03:00, milliseconds when not zero. */
export function toBrasiliaIso(ms: number): string {
  const shifted = new Date(ms - 3 * 3600_000).toISOString();
  return `${shifted.endsWith('.000Z') ? shifted.slice(0, -5) : shifted.slice(0, -1)}-03:00`;
}
