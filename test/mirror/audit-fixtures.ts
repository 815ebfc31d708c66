/** Helpers of the drift audit's tests: silent drift written straight into a store, and calls timed on the fake clock. */
import type { ProdutoWire } from '../../src/mirror/apply/canonical.js';
import type { MirrorStore } from '../../src/mirror/index.js';

type Sizes = Array<{ numeracao: string; skuVariacao: string; estoque: number }>;

/** The four ways a stored product is made to drift, each in one top-level field, in turn. */
export const DRIFTS: ReadonlyArray<{ field: string; edit: (p: ProdutoWire) => ProdutoWire }> = [
  { field: 'titulo', edit: (p) => ({ ...p, titulo: `${String(p.titulo)} (adulterado)` }) },
  { field: 'precoAtacado', edit: (p) => ({ ...p, precoAtacado: p.precoAtacado === '0.01' ? '0.02' : '0.01' }) },
  { field: 'numeracoes', edit: (p) => ({ ...p, numeracoes: (p.numeracoes as Sizes).map((n, i) => (i === 0 ? { ...n, estoque: n.estoque + 7 } : n)) }) },
  { field: 'ativo', edit: (p) => ({ ...p, ativo: !p.ativo }) },
];

/**
 * Rewrites the stored rows of `skus` behind the mirror's back (no change logged, position and
 * `atualizadoEm` kept): the silent drift a bad restore, a hand edit or a lost write leaves. The i-th sku
 * gets the i-th drift of {@link DRIFTS}, in turn. Returns each sku's state before, and the field drifted.
 */
export async function injectDrift(store: MirrorStore, skus: readonly string[]): Promise<Map<string, { original: ProdutoWire; field: string }>> {
  const out = new Map<string, { original: ProdutoWire; field: string }>();
  await store.transaction(async (tx) => {
    const rows = await tx.produtos(skus);
    await tx.putProdutos(
      skus.map((sku, i) => {
        const row = rows.get(sku)!;
        const drift = DRIFTS[i % DRIFTS.length]!;
        out.set(sku, { original: row.produto, field: drift.field });
        return { ...row, produto: drift.edit(row.produto) };
      }),
    );
  });
  return out;
}

/** 1% of a catalog of `size` fake products (SKU-0001…), spread over it: the 50th of every hundred. */
export function onePercent(size: number): string[] {
  return Array.from({ length: Math.floor(size / 100) }, (_, i) => `SKU-${String(i * 100 + 50).padStart(4, '0')}`);
}

/** The fake's fetch, noting the (fake) time each list call of `GET /v1/produtos` was sent. */
export function timingLists(fetch: typeof globalThis.fetch, times: number[]): typeof globalThis.fetch {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === '/v1/produtos') times.push(Date.now());
    return fetch(input, init);
  };
}

/** The most calls that started in any window of `windowMs` (each window starting at a call). */
export function busiestWindow(times: readonly number[], windowMs: number): number {
  return Math.max(0, ...times.map((t) => times.filter((u) => u >= t && u < t + windowMs).length));
}
