/**
 * @internal The keys under which the handler records what it ran. Event ids are opaque (a real id may
 * contain `:`), so every key carries a namespace no event id can reach: a real event `evt_ABC:0` is
 * `evt:evt_ABC:0`, never the same key as item 0 of the lote `evt_ABC` (`lote-item:evt_ABC:0`).
 */
export const dedupeKeys = {
  /** A notice, by its envelope id (a lote included: it is one notice). */
  event: (id: string): string => `evt:${id}`,
  /** The progress record of a lote: how many of its items were handled. */
  lote: (id: string): string => `lote:${id}`,
  /** One item of a lote, for stores that keep no progress records. */
  loteItem: (loteId: string, index: number): string => `lote-item:${loteId}:${index}`,
} as const;
