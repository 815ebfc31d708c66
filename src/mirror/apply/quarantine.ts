import type { CatalogTx } from '../store/types.js';
import type { ChangeOrigin } from './decide.js';
import { storableText } from '../../internal/storable-text.js';
import type { UnstorableReason } from './unstorable.js';

/** Key of the quarantine in the mirror's saved state (table `pc_mirror_state`). */
export const QUARANTINE_KEY = 'quarantine';

/** A product state the mirror could not store as sent, set aside so the products around it are stored. */
export interface QuarantinedProduct extends UnstorableReason {
  /** The product's sku, with any character the store cannot hold written as its `\uXXXX` escape. */
  sku: string;
  /** Where the state came from (`backfill`, `follow`, `refresh`, `webhook`). */
  origin: ChangeOrigin;
  /** Its `atualizadoEm` as sent (escaped like the sku). */
  atualizadoEm: string;
  /** When the mirror set it aside (the mirror's clock; metadata only). */
  at: string;
}

/** Quarantined products by (escaped) sku, as saved. */
export type Quarantine = Record<string, QuarantinedProduct>;

/**
 * Entries kept: a server sending endless bad products must not grow one state row without bound. Past
 * it, new skus are not recorded (the run results and the metric still count them).
 */
export const QUARANTINE_LIMIT = 1000;
/** Longest text kept of a sku, a field path or a timestamp: hostile values can be any length. */
const TEXT_LIMIT = 200;

/**
 * @internal Records the products set aside in this transaction and clears the skus stored cleanly in
 * it: an entry lasts only while the API keeps sending that product in a form the store cannot hold.
 */
export async function updateQuarantine(tx: CatalogTx, added: readonly Omit<QuarantinedProduct, 'at'>[], stored: readonly string[]): Promise<void> {
  const current = (await tx.state<Quarantine>(QUARANTINE_KEY)) ?? {};
  let changed = false;
  for (const sku of stored) {
    if (sku in current) {
      delete current[sku];
      changed = true;
    }
  }
  const at = new Date().toISOString();
  for (const entry of added) {
    if (!(entry.sku in current) && Object.keys(current).length >= QUARANTINE_LIMIT) continue;
    current[entry.sku] = { ...entry, at };
    changed = true;
  }
  if (changed) await tx.setState(QUARANTINE_KEY, current);
}

/** @internal The quarantine entry for a product state, every text in a form the store can hold. */
export function quarantineEntry(produto: { sku?: unknown; atualizadoEm?: unknown }, why: UnstorableReason, origin: ChangeOrigin): Omit<QuarantinedProduct, 'at'> {
  // Escaped again after the cut: a cut through a surrogate pair would leave one the store refuses.
  const text = (value: unknown) => storableText(storableText(String(value)).slice(0, TEXT_LIMIT));
  return { sku: text(produto.sku), field: text(why.field), reason: text(why.reason), origin, atualizadoEm: text(produto.atualizadoEm) };
}
