import { instantOf, stateKey, type ProdutoWire } from './canonical.js';

/**
 * Where a state of a product came from. `backfill`, `follow` and `refresh` are answers of the API
 * (the server's state when it answered); `webhook` is a notice (the state when the event was made).
 */
export type ChangeOrigin = 'backfill' | 'follow' | 'refresh' | 'webhook' | 'sweep';

/** What to do with an incoming state of a product, given what the store holds. */
export type Decisao =
  | { readonly aplicar: true }
  | {
      readonly aplicar: false;
      /**
       * `antigo`: older than the stored state (a late or replayed notice). `igual`: same moment, same
       * content (a duplicate). `empate`: same moment, other content, from a notice: see {@link decidir}.
       */
      readonly motivo: 'antigo' | 'igual' | 'empate';
    };

/**
 * The mirror's ordering rule, in one place.
 *
 * - Nothing stored, or a newer `atualizadoEm`: applied.
 * - An older `atualizadoEm`: never applied (a late, reordered or replayed notice cannot move the mirror
 *   backwards).
 * - The same `atualizadoEm` and the same content: an idempotent no-op.
 * - **Tie** — the same `atualizadoEm` with other content (two writes within the timestamp's
 *   resolution): an answer of the API is applied, since it is the server's state at the moment it
 *   answered, not older than any notice for that `atualizadoEm`; a notice is *not* applied, because
 *   neither side can be shown newer, and the sku is queued for a refresh from the API (`obter`) on the
 *   next follow, whose answer then wins. Nothing newer is dropped silently: it is either applied or
 *   fetched again.
 */
export function decidir(stored: ProdutoWire | undefined, incoming: ProdutoWire, origin: ChangeOrigin): Decisao {
  if (stored === undefined) return { aplicar: true };
  const a = instantOf(stored);
  const b = instantOf(incoming);
  if (b > a) return { aplicar: true };
  if (b < a) return { aplicar: false, motivo: 'antigo' };
  if (stateKey(stored) === stateKey(incoming)) return { aplicar: false, motivo: 'igual' };
  return origin === 'webhook' ? { aplicar: false, motivo: 'empate' } : { aplicar: true };
}
