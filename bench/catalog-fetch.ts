/**
 * The synthetic catalog the mirror benches run against, behind a `fetch`: N products, GET /v1/produtos
 * paged by a numeric cursor and GET /v1/produtos/{sku}, each answer with a Date header, each call counted.
 * (The testing kit's fake is not used here: its rate limiter, faults and request log would be measured too.)
 */

/** A product in wire form. */
export type BenchItem = Record<string, unknown>;

/** Product number `i` (1-based) of the bench catalog. */
export function benchProduto(i: number): BenchItem {
  const sku = `SKU-${String(i).padStart(6, '0')}`;
  return {
    sku,
    titulo: `Tênis ${i}`,
    imagem: `https://img.example.test/${sku}.jpg`,
    precoAtacado: '100.00',
    precoSugerido: '199.90',
    precoAtual: '199.90',
    numeracoes: ['37', '38', '39', '40'].map((n) => ({ numeracao: n, skuVariacao: `${sku}-${n}`, estoque: i % 17 })),
    categorias: [{ id: 'c1', nome: 'Feminino' }],
    estilos: [{ id: 'e1', nome: 'Casual' }],
    tags: [],
    ativo: true,
    atualizadoEm: '2026-11-01T09:00:00-03:00',
  };
}

/** Calls the catalog answered, by route. */
export interface CatalogCounts {
  list: number;
  detail: number;
}

/**
 * A `fetch` serving a catalog of `size` products. `listed` shapes each item as the list shows it (the
 * detail always has the whole product); `counts` is incremented per call.
 */
export function catalogFetch(size: number, options: { listed?: (item: BenchItem) => BenchItem; counts?: CatalogCounts } = {}): typeof fetch {
  const counts = options.counts ?? { list: 0, detail: 0 };
  const listed = options.listed ?? ((item) => item);
  return async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers = { 'content-type': 'application/json', date: new Date().toUTCString() };
    const detail = /^\/v1\/produtos\/SKU-(\d+)$/.exec(url.pathname);
    if (detail) {
      counts.detail++;
      return new Response(JSON.stringify(benchProduto(Number(detail[1]))), { headers });
    }
    counts.list++;
    const limite = Number(url.searchParams.get('limite') ?? 50);
    const start = Number(url.searchParams.get('cursor') ?? 1);
    const end = Math.min(size + 1, start + limite);
    const dados = Array.from({ length: Math.max(0, end - start) }, (_, k) => listed(benchProduto(start + k)));
    const temMais = end <= size;
    return new Response(JSON.stringify({ dados, paginacao: { proximoCursor: temMais ? String(end) : null, temMais } }), { headers });
  };
}
