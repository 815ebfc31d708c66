import { describe, expect, it } from 'vitest';
import { createFakeApi, type FakeWebhookEvent } from '../../src/testing/index.js';
import { call, criarPedido, disponivel, manualClock, umPedido } from './helpers.js';

async function orderBody(fake: ReturnType<typeof createFakeApi>, quantidade = 1) {
  const item = await disponivel(fake, 2);
  return { itens: [{ sku: item.sku, numeracao: item.numeracao, quantidade }] };
}

describe('fake Idempotency-Key on order creation', () => {
  it('refuses a creation without the header: 400 IDEMPOTENCY_KEY_OBRIGATORIA', async () => {
    const fake = createFakeApi();
    const answer = await call(fake, 'POST', '/v1/pedidos', { body: await orderBody(fake) });
    expect(answer.status).toBe(400);
    expect(answer.json.erro.codigo).toBe('IDEMPOTENCY_KEY_OBRIGATORIA');
  });

  it('refuses a key that is not 1 to 255 visible characters without spaces: 400 IDEMPOTENCY_KEY_INVALIDA', async () => {
    const fake = createFakeApi();
    const body = await orderBody(fake);
    for (const key of ['', 'com espaço', 'x'.repeat(256), 'acentuação']) {
      const answer = await criarPedido(fake, body, { key });
      expect(answer.status).toBe(400);
      expect(answer.json.erro.codigo).toBe('IDEMPOTENCY_KEY_INVALIDA');
    }
    expect((await criarPedido(fake, body, { key: 'x'.repeat(255) })).status).toBe(201);
  });

  it('answers a replay of the same key and body with the first answer and Idempotent-Replayed: true, creating and emitting nothing', async () => {
    const events: FakeWebhookEvent[] = [];
    const fake = createFakeApi({ onWebhook: (e) => void events.push(e) });
    const body = await orderBody(fake);
    const first = await criarPedido(fake, body, { key: 'chave-1' });
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    await call(fake, 'POST', `/v1/sandbox/pedidos/${first.json.id}/status`, { body: { status: 'PAGO' } });
    // Same request written differently: key order and spacing do not matter.
    const text = JSON.stringify({ itens: body.itens.map(({ quantidade, numeracao, sku }) => ({ quantidade, numeracao, sku })) }, null, 2);
    const replay = await call(fake, 'POST', '/v1/pedidos', { body: text, headers: { 'Idempotency-Key': 'chave-1' } });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.json).toEqual(first.json);
    expect(replay.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect((await call(fake, 'GET', '/v1/pedidos')).json.dados).toHaveLength(1);
    expect(events.filter((e) => e.evento === 'pedido.criado')).toHaveLength(1);
  });

  it('refuses the same key with another body: 422 IDEMPOTENCY_KEY_REUTILIZADA', async () => {
    const fake = createFakeApi();
    await criarPedido(fake, await orderBody(fake, 1), { key: 'chave-2' });
    const answer = await criarPedido(fake, await orderBody(fake, 2), { key: 'chave-2' });
    expect(answer.status).toBe(422);
    expect(answer.json.erro.codigo).toBe('IDEMPOTENCY_KEY_REUTILIZADA');
  });

  it('does not spend a key on a refused request, so the fixed request can use it', async () => {
    const fake = createFakeApi();
    expect((await criarPedido(fake, { itens: [] }, { key: 'chave-3' })).status).toBe(400);
    expect((await criarPedido(fake, await orderBody(fake), { key: 'chave-3' })).status).toBe(201);
  });

  it('keeps a key 24 hours by the fake clock; after that the same key creates a new order', async () => {
    const clock = manualClock();
    const fake = createFakeApi({ now: clock.now, rateLimit: false });
    const body = await orderBody(fake);
    const first = await criarPedido(fake, body, { key: 'chave-4' });
    clock.advance(24 * 3600_000 - 1);
    expect((await criarPedido(fake, body, { key: 'chave-4' })).headers.get('idempotent-replayed')).toBe('true');
    clock.advance(1);
    const later = await criarPedido(fake, body, { key: 'chave-4' });
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(later.json.id).not.toBe(first.json.id);
  });

  it('keeps keys per integration (token): another token with the same key creates its own order', async () => {
    const fake = createFakeApi();
    const body = await orderBody(fake);
    const mine = await criarPedido(fake, body, { key: 'chave-5' });
    const theirs = await criarPedido(fake, body, { key: 'chave-5', token: 'svc_sbx_outro' });
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.json.id).not.toBe(mine.json.id);
  });
});

describe('fake Idempotency-Key on label issue', () => {
  async function pronto(fake: ReturnType<typeof createFakeApi>) {
    const pedido = await umPedido(fake);
    await call(fake, 'PATCH', `/v1/pedidos/${pedido.id}/itens/${pedido.itens[0]!.id}/valor-venda`, { body: { valor: '99.90' } });
    return pedido;
  }

  it('follows the same rules: key required, replay with Idempotent-Replayed, another body refused', async () => {
    const events: FakeWebhookEvent[] = [];
    const fake = createFakeApi({ onWebhook: (e) => void events.push(e) });
    const pedido = await pronto(fake);
    expect((await call(fake, 'POST', '/v1/etiquetas', { body: { pedidoId: pedido.id } })).json.erro.codigo).toBe('IDEMPOTENCY_KEY_OBRIGATORIA');
    expect((await call(fake, 'POST', '/v1/etiquetas', { body: { pedidoId: pedido.id }, headers: { 'Idempotency-Key': 'a b' } })).json.erro.codigo).toBe('IDEMPOTENCY_KEY_INVALIDA');
    const headers = { 'Idempotency-Key': 'etq-1' };
    const first = await call(fake, 'POST', '/v1/etiquetas', { body: { pedidoId: pedido.id }, headers });
    expect(first.status).toBe(201);
    const replay = await call(fake, 'POST', '/v1/etiquetas', { body: { pedidoId: pedido.id }, headers });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.json).toEqual(first.json);
    const other = await call(fake, 'POST', '/v1/etiquetas', { body: { pedidoId: pedido.id, servicoId: 2 }, headers });
    expect(other.json.erro.codigo).toBe('IDEMPOTENCY_KEY_REUTILIZADA');
    expect((await call(fake, 'GET', '/v1/etiquetas')).json.dados).toHaveLength(1);
    expect(events.filter((e) => e.evento === 'etiqueta.emitida')).toHaveLength(1);
  });

  it('keeps label keys apart from order keys', async () => {
    const fake = createFakeApi();
    const pedido = await pronto(fake);
    const body = await orderBody(fake);
    await criarPedido(fake, body, { key: 'mesma' });
    expect((await call(fake, 'POST', '/v1/etiquetas', { body: { pedidoId: pedido.id }, headers: { 'Idempotency-Key': 'mesma' } })).status).toBe(201);
  });
});
