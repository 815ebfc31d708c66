import { compareProducts, shouldApply, type ProductComparison } from '../../webhooks/comparar-produto.js';
import { instantOf } from '../../dates/instant.js';
import type { ProdutoWire } from './canonical.js';

/**
 * Where a state of a product came from. `backfill`, `follow` and `refresh` are answers of the API
 * (the server's state when it answered); `webhook` is a notice (the state when the event was made);
 * `sweep` is the mirror's own inference at the end of a full scan; `audit` is a repair by the drift audit
 * (`mirror.audit()`): an API answer that differs from the stored state under the same `atualizadoEm`.
 */
export type ChangeOrigin = 'backfill' | 'follow' | 'refresh' | 'webhook' | 'sweep' | 'audit';

/** What to do with an incoming state of a product, given what the store holds. */
export interface Decisao {
  /** How the incoming state compares with the stored one ({@link compareProducts}). */
  readonly comparacao: ProductComparison;
  /** Whether it is written (and logged). */
  readonly aplicar: boolean;
  /** Whether the sku is queued to be read again from the API on the next follow. */
  readonly reler: boolean;
}

/**
 * The mirror's ordering rule, in one place, on the SDK's one comparator ({@link compareProducts}):
 *
 * - `novo` or `mais-recente` (a later `atualizadoEm`): applied.
 * - `mais-antigo`: never applied — a late, reordered or replayed notice cannot move the mirror backwards.
 * - `igual` (same `atualizadoEm`, same content): an idempotent no-op.
 * - `empate` (same `atualizadoEm`, other content: two writes within the timestamp's resolution):
 *   applied, as {@link shouldApply} says — never dropped silently. From a notice, whose order against
 *   its tied twin is unknown, the sku is also queued to be read again from the API on the next follow,
 *   and that answer (the server's state when it answered) settles the mirror whatever order the tied
 *   notices came in.
 * - A stored `atualizadoEm` past `tetoMs` (the server's now plus a tolerance) is not trusted: the stored
 *   state then counts as older than any incoming state with a readable time.
 * - From the audit: applied. The audit hands over only states it compared with the stored one in the
 *   same transaction and found drifted (same time, other content, nothing written since its call left):
 *   the API's answer is then the truth, whatever the timestamps say.
 */
export function decidir(stored: ProdutoWire | undefined, incoming: ProdutoWire, origin: ChangeOrigin, tetoMs?: number): Decisao {
  // A stored time past the server's now (plus tolerance) came from a clock far ahead: it orders nothing,
  // so it cannot pin a state against every later answer and notice.
  const raw = compareProducts(incoming, stored);
  const untrusted = raw !== 'igual' && stored !== undefined && tetoMs !== undefined && (instantOf(stored.atualizadoEm)?.ms ?? Number.NEGATIVE_INFINITY) > tetoMs;
  const comparacao = untrusted ? compareProducts(incoming, { ...stored, atualizadoEm: undefined }) : raw;
  if (origin === 'audit') return { comparacao, aplicar: true, reler: false };
  return { comparacao, aplicar: shouldApply(comparacao), reler: comparacao === 'empate' && origin === 'webhook' };
}
