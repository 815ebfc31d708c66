import type { MirrorTx } from '../store/types.js';
import type { ChangeOrigin } from './decide.js';
import { storableText, type UnstorableReason } from './unstorable.js';

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
 * @internal Records the products set aside in this transaction and clears the skus stored cleanly in
 * it: an entry lasts only while the API keeps sending that product in a form the store cannot hold.
 */
export async function updateQuarantine(tx: MirrorTx, added: readonly Omit<QuarantinedProduct, 'at'>[], stored: readonly string[]): Promise<void> {
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
    current[entry.sku] = { ...entry, at };
    changed = true;
  }
  if (changed) await tx.setState(QUARANTINE_KEY, current);
}

/** @internal The quarantine entry for a product state, every text in a form the store can hold. */
export function quarantineEntry(produto: { sku?: unknown; atualizadoEm?: unknown }, why: UnstorableReason, origin: ChangeOrigin): Omit<QuarantinedProduct, 'at'> {
  return { sku: storableText(String(produto.sku)), field: why.field, reason: why.reason, origin, atualizadoEm: storableText(String(produto.atualizadoEm)) };
}
