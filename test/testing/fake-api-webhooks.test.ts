import { execFile } from 'node:child_process';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, type FakeWebhookEvent } from '../../src/testing/index.js';
import { noticeProblems } from '../spec-fixtures/fixtures.js';
import { call, disponivel, umPedido } from './helpers.js';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?-03:00$/;

function withEvents(options: Parameters<typeof createFakeApi>[0] = {}) {
  const events: FakeWebhookEvent[] = [];
  return { fake: createFakeApi({ ...options, onWebhook: (e) => void events.push(e) }), events };
}

/** A real HTTP receiver on loopback that records each POST and answers `status`. */
async function receiver(status = 204) {
  const received: Array<{ method: string; contentType: string | undefined; body: string }> = [];
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ method: req.method ?? '', contentType: req.headers['content-type'], body });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('fake webhooks', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('wraps each event in the spec envelope: evt_ id, evento, criadoEm -03:00, ambiente sandbox, integracao of the token', async () => {
    const { fake, events } = withEvents();
    await umPedido(fake);
    await umPedido(fake);
    const eu = (await call(fake, 'GET', '/v1/eu')).json;
    expect(events).toHaveLength(2);
    for (const event of events) {
      expect(Object.keys(event)).toEqual(['id', 'evento', 'criadoEm', 'ambiente', 'integracao', 'dados']);
      expect(event.id).toMatch(/^evt_\w+$/);
      expect(event.criadoEm).toMatch(TIMESTAMP);
      expect(event.ambiente).toBe('sandbox');
      expect(event.integracao).toEqual(eu.integracao);
    }
    expect(events[0]!.id).not.toBe(events[1]!.id);
    expect(fake.webhooks.map((d) => d.event)).toEqual(events);
    expect(fake.webhooks.every((d) => d.token === 'svc_sbx_teste' && d.errors.length === 0)).toBe(true);
  });

  it('keeps the last maxRecordedWebhooks notices in fake.webhooks, oldest dropped first (1,000 by default), and refuses a bad bound', async () => {
    const { fake, events } = withEvents({ maxRecordedWebhooks: 2 });
    for (let i = 0; i < 5; i++) await umPedido(fake);
    expect(events).toHaveLength(5); // every notice is still delivered
    expect(fake.webhooks.map((d) => d.event.id)).toEqual(events.slice(3).map((e) => e.id));
    const byDefault = createFakeApi({ rateLimit: false });
    for (let i = 0; i < 1_002; i++) await call(byDefault, 'POST', '/v1/clientes', { body: { nome: `Cliente ${i}` } });
    expect(byDefault.webhooks).toHaveLength(1_000);
    expect(byDefault.webhooks.at(-1)!.event.dados).toMatchObject({ cliente: { nome: 'Cliente 1001' } });
    expect(() => createFakeApi({ maxRecordedWebhooks: -1 })).toThrow(/maxRecordedWebhooks: must be an integer >= 0 \(got -1\)/);
  });

  it('delivers before the call that caused it resolves, and a failing callback never fails the call', async () => {
    const boom = new Error('receiver down');
    const fake = createFakeApi({ onWebhook: () => Promise.reject(boom) });
    const pedido = await umPedido(fake);
    expect(pedido.id).toEqual(expect.any(String));
    expect(fake.webhooks).toHaveLength(1);
    expect(fake.webhooks[0]!.errors).toEqual([boom]);
  });

  it('POSTs each notice as JSON to webhookUrl with the global fetch, recording a non-2xx answer as an error', async () => {
    const ok = await receiver(204);
    const failing = await receiver(500);
    try {
      const fake = createFakeApi({ webhookUrl: ok.url });
      await umPedido(fake);
      expect(ok.received).toHaveLength(1);
      expect(ok.received[0]).toMatchObject({ method: 'POST', contentType: 'application/json' });
      expect(JSON.parse(ok.received[0]!.body)).toEqual(fake.webhooks[0]!.event);
      const bad = createFakeApi({ webhookUrl: failing.url });
      await umPedido(bad);
      expect(String(bad.webhooks[0]!.errors[0])).toMatch(/500/);
    } finally {
      await ok.close();
      await failing.close();
    }
  });

  it('sends no event an integration cannot read: order events need pedidos:ler', async () => {
    const { fake, events } = withEvents({ accounts: { svc_sbx_teste: { permissions: ['produtos:ler', 'financeiro:ler'] } } });
    await umPedido(fake);
    await call(fake, 'POST', '/v1/sandbox/financeiro/lancamentos', { body: { valor: '1.00', descricao: 'x' } });
    expect(events.map((e) => e.evento)).toEqual(['financeiro.lancamento_criado']);
  });

  it('delays produto.estoque_atualizado by 60 s and merges changes of one product into one notice with the final state', async () => {
    vi.useFakeTimers();
    const { fake, events } = withEvents();
    const item = await disponivel(fake);
    const put = (estoque: number) => call(fake, 'PUT', `/v1/sandbox/produtos/${item.sku}/estoque`, { body: { numeracao: item.numeracao, estoque } });
    await put(50);
    await vi.advanceTimersByTimeAsync(30_000);
    await put(51);
    await put(52);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(events).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(events.map((e) => e.evento)).toEqual(['produto.estoque_atualizado']);
    const event = events[0];
    if (event?.evento !== 'produto.estoque_atualizado') throw new Error('expected a stock notice');
    expect(event.dados.produto.sku).toBe(item.sku);
    expect(event.dados.produto.numeracoes.find((n) => n.numeracao === item.numeracao)?.estoque).toBe(52);
    expect(event.dados.produto).toEqual((await call(fake, 'GET', `/v1/produtos/${item.sku}`)).json);
    // A later change starts a new notice.
    await put(53);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(events).toHaveLength(2);
  });

  it('sends one notice per product, honours stockWebhookDelayMs, and notifies nothing when the value is unchanged', async () => {
    vi.useFakeTimers();
    const { fake, events } = withEvents({ stockWebhookDelayMs: 5_000 });
    const produtos = (await call(fake, 'GET', '/v1/produtos?limite=3')).json.dados as Array<{ sku: string; numeracoes: Array<{ numeracao: string; estoque: number }> }>;
    for (const p of produtos.slice(0, 2)) await call(fake, 'PUT', `/v1/sandbox/produtos/${p.sku}/estoque`, { body: { numeracao: p.numeracoes[0]!.numeracao, estoque: 999 } });
    const same = produtos[2]!;
    await call(fake, 'PUT', `/v1/sandbox/produtos/${same.sku}/estoque`, { body: { numeracao: same.numeracoes[0]!.numeracao, estoque: same.numeracoes[0]!.estoque } });
    await vi.advanceTimersByTimeAsync(5_000);
    const skus = events.flatMap((e) => (e.evento === 'produto.estoque_atualizado' ? [e.dados.produto.sku] : []));
    expect(skus).toEqual([produtos[0]!.sku, produtos[1]!.sku]);
  });

  it('sends a stock notice to every account the fake knows, each for its own integration, also for stock taken by an order', async () => {
    vi.useFakeTimers();
    const { fake, events } = withEvents();
    await call(fake, 'GET', '/v1/conta', { token: 'svc_sbx_outro' });
    await umPedido(fake);
    expect(events.map((e) => e.evento)).toEqual(['pedido.criado']);
    await vi.advanceTimersByTimeAsync(60_000);
    const stock = fake.webhooks.filter((d) => d.event.evento === 'produto.estoque_atualizado');
    expect(stock.map((d) => d.token).sort()).toEqual(['svc_sbx_outro', 'svc_sbx_teste']);
    expect(new Set(stock.map((d) => d.event.integracao.id)).size).toBe(2);
  });

  it('flushWebhooks() delivers pending stock notices at once and waits for them', async () => {
    const { fake, events } = withEvents();
    const item = await disponivel(fake);
    await call(fake, 'PUT', `/v1/sandbox/produtos/${item.sku}/estoque`, { body: { numeracao: item.numeracao, estoque: 3 } });
    expect(events).toEqual([]);
    await fake.flushWebhooks();
    expect(events.map((e) => e.evento)).toEqual(['produto.estoque_atualizado']);
    await fake.flushWebhooks();
    expect(events).toHaveLength(1);
  });

  it('never keeps the process alive for a pending stock notice: a script that only changed stock ends with it still pending', async () => {
    // A real process: whether the loop runs dry is what counts, not how the fake's timer was made.
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./fixtures/pending-stock-notice.ts', import.meta.url))], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      // Ten minutes: a ref'd timer would hold the child past the test's timeout, and nothing else the child does comes near it.
      env: { ...process.env, STOCK_DELAY_MS: '600000' },
    });
    // Nothing delivered when the loop ran dry (the notice was still pending, and flush delivered it).
    expect(JSON.parse(stdout)).toEqual({ beforeFlush: 0, afterFlush: 1 });
  });

  it('emits notices that the SDK webhook parser accepts, for every kind the fake causes', async () => {
    const { fake, events } = withEvents();
    const pedido = await umPedido(fake);
    const item = pedido.itens[0]!;
    await call(fake, 'PATCH', `/v1/pedidos/${pedido.id}/itens/${item.id}/valor-venda`, { body: { valor: '80.00' } });
    await call(fake, 'POST', `/v1/pedidos/${pedido.id}/rastreios`, { body: { codigo: 'X1', transportadora: 'Correios' } });
    const form = new FormData();
    form.append('arquivo', new Blob([new TextEncoder().encode('%PDF-1.4\n%%EOF')]), 'p.pdf');
    const anexo = (await call(fake, 'POST', `/v1/pedidos/${pedido.id}/anexos`, { body: form })).json;
    await call(fake, 'POST', `/v1/sandbox/pedidos/${pedido.id}/anexos/${anexo.id}/validar`);
    await call(fake, 'POST', `/v1/sandbox/pedidos/${pedido.id}/status`, { body: { status: 'PAGO' } });
    const etiqueta = (await call(fake, 'POST', '/v1/etiquetas', { body: { pedidoId: pedido.id }, headers: { 'Idempotency-Key': 'e1' } })).json;
    await call(fake, 'POST', `/v1/sandbox/etiquetas/${etiqueta.id}/status`, { body: { status: 'IMPRESSA' } });
    await call(fake, 'POST', `/v1/etiquetas/${etiqueta.id}/cancelar`);
    await call(fake, 'POST', '/v1/sandbox/financeiro/lancamentos', { body: { valor: '1.00', descricao: 'x' } });
    const cliente = (await call(fake, 'POST', '/v1/clientes', { body: { nome: 'C' } })).json;
    await call(fake, 'PATCH', `/v1/clientes/${cliente.id}`, { body: { nome: 'D' } });
    await call(fake, 'DELETE', `/v1/clientes/${cliente.id}`);
    await fake.flushWebhooks();
    const kinds = new Set(events.map((e) => e.evento));
    expect([...kinds].sort()).toEqual(
      [
        'pedido.criado',
        'pedido.rastreio_adicionado',
        'pedido.comprovante_validado',
        'pedido.status_alterado',
        'etiqueta.emitida',
        'etiqueta.status_alterado',
        'financeiro.lancamento_criado',
        'cliente.criado',
        'cliente.atualizado',
        'cliente.removido',
        'produto.estoque_atualizado',
      ].sort(),
    );
    for (const event of events) expect(noticeProblems(event)).toEqual([]);
  });
});
