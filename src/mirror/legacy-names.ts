import { warnDeprecatedOnce } from '../internal/deprecation.js';
import { transportOf } from '../transport/transport-of.js';
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
  /** Once per process, through the mirror client's logger (console for a source that is no client of this package). */
  warn: (client: object, old: string, replacement: string): void => warnDeprecatedOnce(`mirror.${old}`, `mirror.${replacement}`, loggerOf(client)),
};

function loggerOf(client: object): (message: string) => void {
  try {
    const transport = transportOf(client);
    return (message) => transport.warn(message);
  } catch {
    return (message) => console.warn(`[partner-commerce] ${message}`);
  }
}
