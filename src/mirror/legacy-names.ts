import { warnDeprecatedOnce } from '../internal/deprecation.js';
import type { Produto } from '../models/produto.js';
import type { MirrorCounts } from './store/types.js';

/** A mirrored product under its 0.1 field names (0.1's `ProdutoEspelhado`). */
export interface LegacyMirroredProduct {
  produto: Produto;
  ativo: boolean;
  naoVistoDesde: string | null;
  position: number;
}

/** The mirror's counts under their 0.1 field names (0.1's `MirrorCounts`). */
export interface LegacyMirrorCounts {
  produtos: number;
  ativos: number;
  inativos: number;
  ausentes: number;
  variacoes: number;
  changes: number;
  outboxPending: number;
}

/**
 * The mirror's 0.1 method names, kept for the 0.2 series: each answers in the 0.1 shape (so a program
 * reading `ativos` or `naoVistoDesde` reads what it read before, not undefined) and warns once.
 */
export const legacy = {
  product: (p: { product: Produto; active: boolean; missingSince: string | null; position: number } | undefined): LegacyMirroredProduct | undefined =>
    p && { produto: p.product, ativo: p.active, naoVistoDesde: p.missingSince, position: p.position },
  counts: (c: MirrorCounts): LegacyMirrorCounts => ({
    produtos: c.products,
    ativos: c.active,
    inativos: c.inactive,
    ausentes: c.missing,
    variacoes: c.variants,
    changes: c.changes,
    outboxPending: c.outboxPending,
  }),
  warn: (old: string, replacement: string): void => warnDeprecatedOnce(`mirror.${old}`, `mirror.${replacement}`),
};
