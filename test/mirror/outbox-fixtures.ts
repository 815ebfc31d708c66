/** Helpers of the outbox tests: a mirror on the fake, order bodies the fake accepts, and what the fake holds. */
import { PartnerCommerce } from '../../src/index.js';
import { createMirror, createOutbox, type Mirror, type MirrorStore, type Outbox } from '../../src/mirror/index.js';
import { createFakeApi, type FakeApi } from '../../src/testing/index.js';

export const OUTBOX_TOKEN = 'svc_sbx_outbox';

/** A fake, a client on it, and a mirror and an outbox on `store`. No retries in the client: every lost answer reaches the outbox. */
export function outboxOnFake(store: MirrorStore): { fake: FakeApi; client: PartnerCommerce; mirror: Mirror; outbox: Outbox } {
  const fake = createFakeApi({ catalogSize: 60, rateLimit: false, maxRecordedRequests: 10_000 });
  const client = new PartnerCommerce({ token: OUTBOX_TOKEN, baseUrl: 'https://sandbox.example.test', fetch: fake.fetch, rateLimit: false, maxRetries: 0, logLevel: 'off' });
  return { fake, client, mirror: createMirror({ client, store }), outbox: createOutbox({ client, store }) };
}

/**
 * `n` order bodies the fake accepts, one pair each from active products with stock, spread so no size
 * runs out. No `referenciaExterna`: the fake would refuse a second order with the same one, which would
 * hide a double send; without it, a second send under a new key is a second order.
 */
export function pedidoBodies(fake: FakeApi, n: number): Array<{ itens: Array<{ sku: string; numeracao: string; quantidade: number }> }> {
  const sizes = fake.catalog
    .products()
    .filter((p) => p.ativo)
    .flatMap((p) => p.numeracoes.filter((s) => s.estoque > 0).map((s) => ({ sku: p.sku, numeracao: s.numeracao })));
  if (sizes.length < n) throw new Error(`the fake's catalog has ${sizes.length} sizes in stock, fewer than ${n}`);
  return Array.from({ length: n }, (_, i) => ({ itens: [{ ...sizes[i]!, quantidade: 1 }] }));
}

async function list(fake: FakeApi, path: string, token: string): Promise<Array<Record<string, unknown>>> {
  const out: Array<Record<string, unknown>> = [];
  let cursor: string | null = null;
  do {
    const url: string = `https://sandbox.example.test${path}?limite=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await fake.fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { dados: Array<Record<string, unknown>>; paginacao: { proximoCursor: string | null } };
    out.push(...body.dados);
    cursor = body.paginacao.proximoCursor;
  } while (cursor);
  return out;
}

/** Every order the fake holds for `token`. */
export const pedidosDoFake = (fake: FakeApi, token = OUTBOX_TOKEN) => list(fake, '/v1/pedidos', token);

/** Every label the fake holds for `token`. */
export const etiquetasDoFake = (fake: FakeApi, token = OUTBOX_TOKEN) => list(fake, '/v1/etiquetas', token);

/** POST requests the fake received on `path`, by Idempotency-Key. */
export function postsByKey(fake: FakeApi, path: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of fake.requests) {
    if (r.method !== 'POST' || r.path !== path) continue;
    const key = r.headers['idempotency-key'] ?? '';
    out.set(key, (out.get(key) ?? 0) + 1);
  }
  return out;
}

/** An order body the fake refuses with ITENS_INDISPONIVEIS: its second item asks for more pairs than the size has. */
export function semEstoqueBody(fake: FakeApi): { itens: Array<{ sku: string; numeracao: string; quantidade: number }> } {
  const [ok] = pedidoBodies(fake, 1);
  const produto = fake.catalog.products().find((p) => p.ativo && p.numeracoes.some((s) => s.estoque > 0))!;
  const size = produto.numeracoes.find((s) => s.estoque > 0)!;
  return { itens: [ok!.itens[0]!, { sku: produto.sku, numeracao: size.numeracao, quantidade: size.estoque + 5 }] };
}

/** Sets a sale value on every item of an order, which the fake requires before it issues a label. */
export async function definirValoresVenda(fake: FakeApi, pedido: { id: string; itens?: ReadonlyArray<Record<string, unknown>> | null | undefined }): Promise<void> {
  for (const item of pedido.itens ?? []) {
    const res = await fake.fetch(`https://sandbox.example.test/v1/pedidos/${pedido.id}/itens/${String(item.id)}/valor-venda`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${OUTBOX_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ valor: '150.00' }),
    });
    if (res.status !== 200) throw new Error(`the fake refused the sale value: ${res.status}`);
  }
}
