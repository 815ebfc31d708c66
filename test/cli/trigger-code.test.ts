import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, trigger, TRIGGERABLE_EVENTS, type LocalSandbox } from '../../src/cli/index.js';
import { PartnerCommerce } from '../../src/index.js';
import type { FakeWebhookEvent } from '../../src/testing/index.js';

// `startSandbox` and `trigger` as a partner's test suite calls them (partner-commerce/cli), for each
// simulator event: what trigger creates when no id is given (an order, a proof), and the notice the
// sandbox sends for it. The bin runs trigger in cli.test.ts.
let sandbox: LocalSandbox;
let client: PartnerCommerce;
const events: FakeWebhookEvent[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: false, stockWebhookDelayMs: 0, journalDir: mkdtempSync(join(tmpdir(), 'pc-trigger-code-')), onEvent: (e) => void events.push(e) });
  client = new PartnerCommerce({ token: 'svc_sbx_trigger_code', baseUrl: sandbox.url, logLevel: 'off' });
});

afterAll(async () => {
  await sandbox?.close();
});

/** The notices of `evento` sent since `from`, after the pending (delayed) ones went out. */
async function sent(evento: string, from: number): Promise<FakeWebhookEvent[]> {
  await sandbox.fake.flushWebhooks();
  return events.slice(from).filter((e) => e.evento === evento);
}

describe('trigger from code against startSandbox', () => {
  it('pedido.criado creates an order (POST /v1/pedidos) and returns it', async () => {
    const from = events.length;
    const r = await trigger(client, 'pedido.criado');
    expect(r.steps[0]).toMatch(/^created order \S+ \(POST \/v1\/pedidos\)$/);
    const pedido = r.result as { id: string };
    expect((await sent('pedido.criado', from)).map((e) => (e.dados as { id?: string }).id ?? (e.dados as { pedido?: { id: string } }).pedido?.id)).toContain(pedido.id);
  });

  it('pedido.comprovante_validado creates the order and the proof it needs, sends the proof and validates it', async () => {
    const from = events.length;
    const r = await trigger(client, 'pedido.comprovante_validado');
    expect(r.steps).toHaveLength(3);
    expect(r.steps[0]).toMatch(/^created order /);
    expect(r.steps[1]).toMatch(/^sent proof /);
    expect(r.steps[2]).toMatch(/^validated proof /);
    expect(await sent('pedido.comprovante_validado', from)).toHaveLength(1);
  });

  it('with pedidoId it acts on that order and creates nothing', async () => {
    const criado = await trigger(client, 'pedido.criado');
    const id = (criado.result as { id: string }).id;
    const before = sandbox.fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/pedidos').length;
    const from = events.length;
    const r = await trigger(client, 'pedido.status_alterado', { pedidoId: id, status: 'PAGO' });
    expect(r.steps).toEqual([`order ${id} → PAGO`]);
    expect((r.result as { status: string }).status).toBe('PAGO');
    expect(sandbox.fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/pedidos').length).toBe(before);
    expect(await sent('pedido.status_alterado', from)).toHaveLength(1);
  });

  it('pedido.rastreio_adicionado adds a tracking code to a new order', async () => {
    const from = events.length;
    const r = await trigger(client, 'pedido.rastreio_adicionado', { codigo: 'BR0000000013' });
    expect((r.result as { codigo: string }).codigo).toBe('BR0000000013');
    expect(await sent('pedido.rastreio_adicionado', from)).toHaveLength(1);
  });

  it('financeiro.lancamento_criado and produto.estoque_atualizado (the stock simulator) send their notices', async () => {
    let from = events.length;
    await trigger(client, 'financeiro.lancamento_criado', { valor: '-20.00', descricao: 'Tarifa' });
    expect(await sent('financeiro.lancamento_criado', from)).toHaveLength(1);
    from = events.length;
    const r = await trigger(client, 'produto.estoque_atualizado', { sku: 'SKU-0002', numeracao: '36', estoque: 0 });
    expect(r.steps[0]).toContain('SKU-0002 size 36 → 0');
    expect(await sent('produto.estoque_atualizado', from)).toHaveLength(1);
  });

  it('etiqueta.status_alterado issues the label it needs (sale values first), then changes its status; an unknown event is refused before any call', async () => {
    const from = events.length;
    const r = await trigger(client, 'etiqueta.status_alterado', { status: 'DESPACHADA' });
    expect(r.steps[0]).toMatch(/^created order /);
    expect(r.steps.some((s) => s.startsWith('set the sale value of item '))).toBe(true);
    expect(r.steps.at(-2)).toMatch(/^issued label \S+ \(POST \/v1\/etiquetas\)$/);
    expect(r.result).toMatchObject({ status: 'DESPACHADA' });
    expect(await sent('etiqueta.emitida', from)).toHaveLength(1);
    expect(await sent('etiqueta.status_alterado', from)).toHaveLength(1);

    // A given label: nothing created.
    const etiquetaId = (r.result as { id: string }).id;
    const again = await trigger(client, 'etiqueta.status_alterado', { etiquetaId, status: 'IMPRESSA' });
    expect(again.steps).toEqual([`label ${etiquetaId} → IMPRESSA`]);

    const before = sandbox.fake.requests.length;
    // @ts-expect-error not a kind: the type refuses it, and so does the check at run time
    await expect(trigger(client, 'pedido.inventado')).rejects.toMatchObject({ name: 'InvalidInputError', issues: [{ path: 'evento' }] });
    expect(sandbox.fake.requests.length).toBe(before);
    expect(TRIGGERABLE_EVENTS).toContain('etiqueta.status_alterado');
  });
});
