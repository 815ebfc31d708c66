import { toWire, type ProdutoWire } from '../apply/canonical.js';
import { mirrorCallOptions } from '../call-options.js';
import type { MirrorSource } from './source.js';

// The spec does not show the shape of list items: only `sku` is sure. A listed item missing any field of
// the Product shape is fetched whole, so the mirror never stores half a product.
const PRODUCT_FIELDS = ['sku', 'titulo', 'imagem', 'precoAtacado', 'precoSugerido', 'precoAtual', 'numeracoes', 'categorias', 'estilos', 'tags', 'ativo', 'atualizadoEm'];

/** @internal Listed products in wire form, each complete (fetched by sku when the list left fields out). */
export async function completos(source: MirrorSource, listed: readonly object[], signal?: AbortSignal): Promise<{ produtos: ProdutoWire[]; chamadas: number }> {
  const produtos: ProdutoWire[] = [];
  let chamadas = 0;
  for (const item of listed) {
    const wire = toWire(item) as Partial<ProdutoWire>;
    if (PRODUCT_FIELDS.every((f) => wire[f] !== undefined)) {
      produtos.push(wire as ProdutoWire);
      continue;
    }
    chamadas++;
    produtos.push(toWire(await source.produtos.obter(wire.sku as string, mirrorCallOptions(signal))));
  }
  return { produtos, chamadas };
}
