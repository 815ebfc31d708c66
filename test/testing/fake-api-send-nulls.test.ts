// The testing kit can play a real server that sends `null` for fields it has no value for.
import { describe, expect, it } from 'vitest';
import { createFakeApi, type FakeWebhookEvent } from '../../src/testing/index.js';
import { BASE, TOKEN, get, readJson } from './helpers.js';

function post(fake: ReturnType<typeof createFakeApi>, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fake.fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** A size with stock, for an order the fake accepts. */
async function emEstoque(fake: ReturnType<typeof createFakeApi>) {
  for (let n = 1; n <= 30; n++) {
    const sku = `SKU-${String(n).padStart(4, '0')}`;
    const estoque = await readJson<{ ativo: boolean; numeracoes: Array<{ numeracao: string; estoque: number }> }>(await get(fake, `/v1/produtos/${sku}/estoque`));
    const tamanho = estoque.numeracoes.find((t) => t.estoque > 0);
    if (estoque.ativo && tamanho) return { sku, numeracao: tamanho.numeracao, quantidade: 1 };
  }
  throw new Error('no size in stock');
}

async function criarPedidoSemReferencia(sendNulls: boolean) {
  const events: FakeWebhookEvent[] = [];
  const fake = createFakeApi({ sendNulls, onWebhook: (e) => void events.push(e) });
  const pedido = await readJson<Record<string, unknown>>(await post(fake, '/v1/pedidos', { itens: [await emEstoque(fake)] }, { 'idempotency-key': 'k-1' }));
  const lancamento = await readJson<Record<string, unknown>>(await post(fake, '/v1/sandbox/financeiro/lancamentos', { valor: '10.00', descricao: 'Crédito' }));
  return { fake, events, pedido, lancamento };
}

describe('createFakeApi({ sendNulls })', () => {
  it('without it, an absent optional field is left out of answers and notices', async () => {
    const { pedido, lancamento, events } = await criarPedidoSemReferencia(false);
    expect(pedido).not.toHaveProperty('referenciaExterna');
    expect(lancamento).not.toHaveProperty('pedido');
    const criado = events.find((e) => e.evento === 'pedido.criado')!;
    expect(criado.dados).toHaveProperty('pedido');
    expect((criado.dados as { pedido: object }).pedido).not.toHaveProperty('referenciaExterna');
  });

  it('with it, answers send null for the absent optional fields (referenciaExterna of an order, pedido of an entry)', async () => {
    const { pedido, lancamento } = await criarPedidoSemReferencia(true);
    expect(pedido).toHaveProperty('referenciaExterna', null);
    expect(pedido).toHaveProperty('statusAnterior', null);
    expect(pedido['total']).toMatch(/^\d+\.\d{2}$/);
    expect(lancamento).toHaveProperty('pedido', null);
  });

  it('with it, webhooks send the same nulls, and the recorded deliveries show them too', async () => {
    const { events, fake } = await criarPedidoSemReferencia(true);
    const criado = events.find((e) => e.evento === 'pedido.criado')!;
    expect((criado.dados as { pedido: object }).pedido).toHaveProperty('referenciaExterna', null);
    const credito = events.find((e) => e.evento === 'financeiro.lancamento_criado')!;
    expect((credito.dados as { lancamento: object }).lancamento).toHaveProperty('pedido', null);
    expect(fake.webhooks.map((d) => d.event)).toEqual(events);
  });

  it('an idempotent replay sends the same nulls, and the fake state itself is not changed', async () => {
    const { fake, pedido } = await criarPedidoSemReferencia(true);
    const replay = await post(fake, '/v1/pedidos', { itens: [await emEstoque(fake)] }, { 'idempotency-key': 'k-1' });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await readJson(replay)).toEqual(pedido);
    const lido = await readJson<Record<string, unknown>>(await fake.fetch(`${BASE}/v1/pedidos/${String(pedido['id'])}`, { headers: { authorization: `Bearer ${TOKEN}` } }));
    expect(lido).toHaveProperty('referenciaExterna', null);
  });

  it('a value that is not a boolean is an InvalidInputError naming sendNulls', () => {
    expect(() => createFakeApi({ sendNulls: 'yes' as never })).toThrow(/sendNulls/);
  });
});
