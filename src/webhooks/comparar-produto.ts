import { compareInstants, instantOf, type Instant } from '../dates/instant.js';
import { canonicalJson } from '../internal/canonical-json.js';
/**
 * How a product state received (a notice, a list item, a read) relates to the one stored, by
 * {@link compareProducts}:
 *
 * - `novo`: nothing is stored for the sku.
 * - `mais-recente`: its `atualizadoEm` is later.
 * - `igual`: same instant and same state: a redelivery or a replay; applying it changes nothing.
 * - `empate`: same instant, different state (two updates within the server's clock resolution).
 * - `mais-antigo`: its `atualizadoEm` is earlier: a late or reordered delivery.
 */
export type ProductComparison = 'novo' | 'mais-recente' | 'igual' | 'empate' | 'mais-antigo';

/**
 * What {@link compareProducts} reads of a product: `atualizadoEm` (ISO 8601 with offset, compared as an
 * instant, fractions beyond milliseconds included), and every other field as its state. A parsed
 * `Produto`, a wire product, a list item or a row of your own all fit.
 */
export type ComparableProduct = { readonly atualizadoEm?: string | undefined } & object;

/**
 * Compares a received product state with the stored one, for code that must never move a copy of the
 * catalog backwards: apply what is newer, skip what is older, and treat the same state again as a no-op.
 *
 * **Tie rule.** The same `atualizadoEm` with a different state is `empate`, and {@link shouldApply}
 * says to apply it: a tie is never dropped, because timestamps have a resolution (same-second updates
 * are a known source of stale mirrors) and the content received last is the best guess. Apply and,
 * where it matters, read the product again (`GET /v1/produtos/{sku}`, or the next incremental scan
 * with an overlap) so the copy settles on the server's state whatever order the tied notices came in.
 *
 * State is every field but `atualizadoEm`, compared by value: money as `Money` or as its wire string
 * compare equal, key order does not count, array order does. A received state with a missing or
 * unreadable `atualizadoEm` cannot be ordered, so its state decides between `igual` and `empate`; a
 * stored one without it is older than any received state that has one.
 *
 * @param recebido the state that arrived (`e.dados.produto`, a list item, a read).
 * @param guardado the state held now, or `undefined` when there is none.
 */
export function compareProducts<R extends ComparableProduct, G extends ComparableProduct>(recebido: R, guardado: G | undefined): ProductComparison {
  if (guardado === undefined) return 'novo';
  const order = compareTimes(instantOf(recebido.atualizadoEm), instantOf(guardado.atualizadoEm));
  if (order > 0) return 'mais-recente';
  if (order < 0) return 'mais-antigo';
  return stateOf(recebido) === stateOf(guardado) ? 'igual' : 'empate';
}

/** Whether a comparison says to write the received state: `novo`, `mais-recente` and `empate` do. */
export function shouldApply(comparacao: ProductComparison): boolean {
  return comparacao === 'novo' || comparacao === 'mais-recente' || comparacao === 'empate';
}

// A received state without a readable time cannot be ordered (the state decides); a stored one without it is older.
function compareTimes(a: Instant | undefined, b: Instant | undefined): number {
  if (a === undefined) return 0;
  if (b === undefined) return 1;
  return compareInstants(a, b);
}

/** The state as canonical JSON: `toJSON` applied (Money becomes its string), keys sorted, `atualizadoEm` left out. */
function stateOf(produto: ComparableProduct): string | undefined {
  const { atualizadoEm: _, ...state } = produto as Record<string, unknown>;
  return canonicalJson(state);
}
