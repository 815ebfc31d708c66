import type { ProdutoRecord } from '../catalog/types.js';
import type { FakeProductEventKind, WireItemLote } from '../webhooks/wire-types.js';

/** Price fields `alterados` may name, in the order the fake lists them. */
export const PRECOS = ['precoAtacado', 'precoSugerido'] as const;
/** Classification lists `alterados` may name, in the order the fake lists them. */
export const LISTAS = ['categorias', 'estilos', 'tags'] as const;

/** One change to one product, before it becomes a notice: its kind and what that kind's notice carries besides the product. */
export type ProductChange =
  | { sku: string; evento: 'produto.preco_atualizado'; alterados: Array<(typeof PRECOS)[number]>; anterior: { precoAtacado: string; precoSugerido?: string | null | undefined } }
  | { sku: string; evento: 'produto.nome_alterado'; anterior: { titulo?: string | null | undefined } }
  | { sku: string; evento: 'produto.categorias_alteradas'; alterados: Array<(typeof LISTAS)[number]> }
  | { sku: string; evento: Exclude<FakeProductEventKind, 'produto.preco_atualizado' | 'produto.nome_alterado' | 'produto.categorias_alteradas'> };

/** The change as a lote item (or, without `evento`, as a single notice's `dados`), with a copy of `produto`. */
export function toItem(change: ProductChange, produto: ProdutoRecord): WireItemLote {
  const { sku: _, ...rest } = change;
  return { ...structuredClone(rest), produto: structuredClone(produto) } as WireItemLote;
}

/**
 * Joins `next` into `previous` (same product, same kind) as a lote does: `alterados` united in the
 * fake's order, `anterior` kept from the first change.
 */
export function joinChanges(previous: ProductChange, next: ProductChange): ProductChange {
  if (previous.evento === 'produto.preco_atualizado' && next.evento === 'produto.preco_atualizado') {
    return { ...previous, alterados: PRECOS.filter((c) => previous.alterados.includes(c) || next.alterados.includes(c)) };
  }
  if (previous.evento === 'produto.categorias_alteradas' && next.evento === 'produto.categorias_alteradas') {
    return { ...previous, alterados: LISTAS.filter((c) => previous.alterados.includes(c) || next.alterados.includes(c)) };
  }
  return previous;
}
