import { canonicalJson } from '../../internal/canonical-json.js';
import type { ProdutoWire } from './canonical.js';

/**
 * Top-level fields whose value differs between two states of a product, `atualizadoEm` left out (it
 * changes with every write and says nothing about what changed). Every field of the spec's Product
 * shape is compared, and so is any field the API adds later. Sorted, so the log reads the same everywhere.
 */
export function changedFields(before: ProdutoWire | undefined, after: ProdutoWire): string[] {
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after)]);
  names.delete('atualizadoEm');
  if (before === undefined) return [...names].sort();
  const out: string[] = [];
  for (const name of names) {
    if (canonicalJson(before[name]) !== canonicalJson(after[name])) out.push(name);
  }
  return out.sort();
}
