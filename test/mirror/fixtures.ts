import type { Change, MirrorStore } from '../../src/mirror/index.js';
import type { ProdutoWire } from '../../src/mirror/store/types.js';

/** A product in wire form, stamped `at` (ISO or seconds after a fixed moment). */
export function produto(sku: string, at: number | string, overrides: Partial<ProdutoWire> = {}): ProdutoWire {
  const atualizadoEm = typeof at === 'string' ? at : new Date(Date.UTC(2026, 10, 1, 12, 0, at)).toISOString();
  return {
    sku,
    titulo: `Tênis ${sku}`,
    imagem: `https://img.example.test/${sku}.jpg`,
    precoAtacado: '100.00',
    precoSugerido: '199.90',
    precoAtual: '199.90',
    numeracoes: [
      { numeracao: '38', skuVariacao: `${sku}-38`, estoque: 5 },
      { numeracao: '39', skuVariacao: `${sku}-39`, estoque: 0 },
    ],
    categorias: [{ id: 'c1', nome: 'Feminino' }],
    estilos: [],
    tags: [],
    ativo: true,
    atualizadoEm,
    ...overrides,
  };
}

/** The whole change log, oldest first, read in batches of 1,000. */
export async function wholeChangeLog(store: Pick<MirrorStore, 'changes'>): Promise<Change[]> {
  const log: Change[] = [];
  for (let after = 0; ;) {
    const batch = await store.changes(after, 1000);
    if (!batch.length) return log;
    log.push(...batch);
    after = batch.at(-1)!.position;
  }
}
