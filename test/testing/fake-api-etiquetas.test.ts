import { describe, expect, it } from 'vitest';
import { createFakeApi, type FakeWebhookEvent } from '../../src/testing/index.js';
import { answerProblems } from '../spec-fixtures/fixtures.js';
import { call, umPedido } from './helpers.js';

function withEvents(options: Parameters<typeof createFakeApi>[0] = {}) {
  const events: FakeWebhookEvent[] = [];
  return { fake: createFakeApi({ ...options, onWebhook: (e) => void events.push(e) }), events };
}

let seq = 0;
const emitir = (fake: ReturnType<typeof createFakeApi>, body: unknown) => call(fake, 'POST', '/v1/etiquetas', { body, headers: { 'Idempotency-Key': `etq-${++seq}` } });

/** An order whose items all have a sale value, ready for a label. */
async function pronto(fake: ReturnType<typeof createFakeApi>) {
  const pedido = await umPedido(fake);
  for (const item of pedido.itens) await call(fake, 'PATCH', `/v1/pedidos/${pedido.id}/itens/${item.id}/valor-venda`, { body: { valor: '120.00' } });
  return pedido;
}

describe('fake labels', () => {
  it('reports the label-provider connection, configurable per account', async () => {
    const fake = createFakeApi({ accounts: { svc_sbx_sem: { labelProviderConnected: false } } });
    expect((await call(fake, 'GET', '/v1/label-provider')).json.conectado).toBe(true);
    expect((await call(fake, 'GET', '/v1/label-provider', { token: 'svc_sbx_sem' })).json.conectado).toBe(false);
  });

  it('refuses quote and issue with 400 LABEL_PROVIDER_NOT_CONNECTED when the account is not connected', async () => {
    const { fake, events } = withEvents({ accounts: { svc_sbx_teste: { labelProviderConnected: false } } });
    const pedido = await pronto(fake);
    for (const answer of [await emitir(fake, { pedidoId: pedido.id }), await call(fake, 'POST', '/v1/etiquetas/cotacoes', { body: { pedidoId: pedido.id } })]) {
      expect(answer.status).toBe(400);
      expect(answer.json.erro.codigo).toBe('LABEL_PROVIDER_NOT_CONNECTED');
    }
    expect((await call(fake, 'GET', '/v1/etiquetas')).json.dados).toEqual([]);
    expect(events.some((e) => e.evento.startsWith('etiqueta.'))).toBe(false);
  });

  it('refuses to issue while an item has no sale value: 400 SALE_VALUE_REQUIRED', async () => {
    const { fake } = withEvents();
    const pedido = await umPedido(fake);
    const answer = await emitir(fake, { pedidoId: pedido.id });
    expect(answer.status).toBe(400);
    expect(answer.json.erro.codigo).toBe('SALE_VALUE_REQUIRED');
  });

  it('quotes every service without issuing anything', async () => {
    const { fake, events } = withEvents();
    const pedido = await pronto(fake);
    const before = events.length;
    const cotacao = (await call(fake, 'POST', '/v1/etiquetas/cotacoes', { body: { pedidoId: pedido.id } })).json;
    expect(cotacao.pedido).toEqual({ id: pedido.id, numero: pedido.numero });
    expect(cotacao.opcoes.length).toBeGreaterThan(0);
    for (const opcao of cotacao.opcoes) expect(opcao.valor).toMatch(/^\d+\.\d{2}$/);
    expect(events).toHaveLength(before);
  });

  it('issues a label GERADA (201, etiqueta.emitida) in the spec shape', async () => {
    const { fake, events } = withEvents();
    const pedido = await pronto(fake);
    const answer = await emitir(fake, { pedidoId: pedido.id, servicoId: 2 });
    expect(answer.status).toBe(201);
    expect(answerProblems('etiquetas.emitir', answer.json)).toEqual([]);
    expect(answer.json).toMatchObject({ status: 'GERADA', pedido: { id: pedido.id, numero: pedido.numero }, servico: { id: 2 }, impressaEm: null, despachadaEm: null, canceladaEm: null });
    expect(events.at(-1)).toMatchObject({ evento: 'etiqueta.emitida', dados: { etiqueta: answer.json } });
    expect((await call(fake, 'GET', '/v1/etiquetas')).json.dados).toEqual([answer.json]);
    expect((await emitir(fake, { pedidoId: 'ped_nada' })).status).toBe(404);
    expect((await emitir(fake, { pedidoId: pedido.id, servicoId: 99 })).json.erro.detalhes[0].campo).toBe('servicoId');
  });

  it('simulates IMPRESSA and DESPACHADA with etiqueta.status_alterado carrying statusAnterior; the same status emits nothing', async () => {
    const { fake, events } = withEvents();
    const pedido = await pronto(fake);
    const etiqueta = (await emitir(fake, { pedidoId: pedido.id })).json;
    const path = `/v1/sandbox/etiquetas/${etiqueta.id}/status`;
    const impressa = (await call(fake, 'POST', path, { body: { status: 'IMPRESSA' } })).json;
    expect(impressa).toMatchObject({ status: 'IMPRESSA', impressaEm: expect.stringMatching(/-03:00$/) });
    await call(fake, 'POST', path, { body: { status: 'IMPRESSA' } });
    expect((await call(fake, 'POST', path, { body: { status: 'DESPACHADA' } })).json.despachadaEm).toEqual(expect.any(String));
    const mudancas = events.flatMap((e) => (e.evento === 'etiqueta.status_alterado' ? [[e.dados.etiqueta.statusAnterior, e.dados.etiqueta.status]] : []));
    expect(mudancas).toEqual([
      ['GERADA', 'IMPRESSA'],
      ['IMPRESSA', 'DESPACHADA'],
    ]);
  });

  it('refuses other simulated statuses (cancelling is the partner operation) and labels of another account', async () => {
    const { fake } = withEvents();
    const etiqueta = (await emitir(fake, { pedidoId: (await pronto(fake)).id })).json;
    for (const status of ['CANCELADA', 'GERADA', 'ENTREGUE']) {
      const answer = await call(fake, 'POST', `/v1/sandbox/etiquetas/${etiqueta.id}/status`, { body: { status } });
      expect(answer.status).toBe(400);
      expect(answer.json.erro.codigo).toBe('VALIDACAO');
    }
    expect((await call(fake, 'POST', `/v1/sandbox/etiquetas/${etiqueta.id}/status`, { body: { status: 'IMPRESSA' }, token: 'svc_sbx_outro' })).status).toBe(404);
    expect((await call(fake, 'POST', `/v1/etiquetas/${etiqueta.id}/cancelar`, { token: 'svc_sbx_outro' })).status).toBe(404);
  });

  it('cancels a label (CANCELADA, canceladaEm, etiqueta.status_alterado); cancelling again is 409 CONFLITO', async () => {
    const { fake, events } = withEvents();
    const etiqueta = (await emitir(fake, { pedidoId: (await pronto(fake)).id })).json;
    const cancelada = await call(fake, 'POST', `/v1/etiquetas/${etiqueta.id}/cancelar`);
    expect(cancelada.status).toBe(200);
    expect(cancelada.json).toMatchObject({ status: 'CANCELADA', canceladaEm: expect.any(String) });
    expect(events.at(-1)).toMatchObject({ evento: 'etiqueta.status_alterado', dados: { etiqueta: { status: 'CANCELADA', statusAnterior: 'GERADA' } } });
    const again = await call(fake, 'POST', `/v1/etiquetas/${etiqueta.id}/cancelar`);
    expect(again.status).toBe(409);
    expect(again.json.erro.codigo).toBe('CONFLITO');
  });
});
