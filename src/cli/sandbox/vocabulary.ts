import { fnv1a } from './random.js';

/** A style or tag as the catalog names it: `{ id, nome }`. */
export interface Ref {
  id: string;
  nome: string;
}

// The same ids the kit's catalog gives these names (`<prefix>_<fnv1a(prefix:nome)>`), so a tag a
// trigger sets is the tag other products already carry, not a look-alike with another id.
const ref = (prefix: string, nome: string): Ref => ({ id: `${prefix}_${fnv1a(`${prefix}:${nome}`)}`, nome });

/** Tags, zero to two per product. */
export const TAGS: readonly Ref[] = ['Lançamento', 'Mais Vendido', 'Couro Legítimo', 'Vegano', 'Antiderrapante', 'Leve'].map((n) => ref('tag', n));
