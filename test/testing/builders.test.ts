import { InvalidInputError } from '../../src/index.js';
import { describe, expect, it } from 'vitest';
import { buildWebhookEvent, buildWebhookRequest, createFakeApi, SAMPLE_INTEGRATION, type FakeWebhookEvent } from '../../src/testing/index.js';
import { createWebhookHandler } from '../../src/webhooks/index.js';
import { EVENTS, MONEY, noticeProblems } from '../spec-fixtures/fixtures.js';

const silent = { debug() {}, info() {}, warn() {}, error() {} };

describe('webhook event builders', () => {
  it("builds every event kind of the spec fixtures, each of its fixture's shape", () => {
    for (const kind of new Set([...EVENTS.values()].map((f) => f.$evento!))) {
      const event = buildWebhookEvent(kind as Parameters<typeof buildWebhookEvent>[0]);
      expect(event).toMatchObject({ evento: kind, ambiente: 'sandbox', integracao: SAMPLE_INTEGRATION, criadoEm: expect.stringMatching(/-03:00$/) });
      expect(noticeProblems(event)).toEqual([]);
    }
  });

  it('gives each built event a fresh evt_ id unless one is given', () => {
    const a = buildWebhookEvent('pedido.criado');
    const b = buildWebhookEvent('pedido.criado');
    expect(a.id).toMatch(/^evt_/);
    expect(a.id).not.toBe(b.id);
    expect(buildWebhookEvent('pedido.criado', { id: 'evt_fixo' }).id).toBe('evt_fixo');
  });

  it('merges overrides deeply, keeping the other defaults, and replaces arrays whole', () => {
    const event = buildWebhookEvent('pedido.status_alterado', { ambiente: 'producao', dados: { pedido: { status: 'ENVIADO', statusAnterior: 'EM_SEPARACAO', total: '10.00' } } });
    expect(event.ambiente).toBe('producao');
    expect(event.dados.pedido).toMatchObject({ status: 'ENVIADO', statusAnterior: 'EM_SEPARACAO', total: '10.00', numero: 1001, origem: 'API' });
    const atualizado = buildWebhookEvent('cliente.atualizado', { dados: { alterados: ['whatsapp'] } });
    expect(atualizado.dados.alterados).toEqual(['whatsapp']);
    expect(atualizado.dados.cliente.nome).toBe('Maria Souza');
  });

  it('returns fresh defaults every call, so changing one event never changes the next', () => {
    const a = buildWebhookEvent('produto.estoque_atualizado');
    a.dados.produto.numeracoes[0]!.estoque = 999;
    expect(buildWebhookEvent('produto.estoque_atualizado').dados.produto.numeracoes[0]!.estoque).toBe(0);
  });

  it("writes money as the spec's two-decimal wire strings, an override kept as given", () => {
    const event = buildWebhookEvent('financeiro.lancamento_criado', { dados: { lancamento: { valor: '-12.34' } } });
    expect(noticeProblems(event)).toEqual([]);
    expect(JSON.parse(JSON.stringify(event)).dados.lancamento.valor).toBe('-12.34');
    expect(buildWebhookEvent('produto.criado').dados.produto.precoAtacado).toMatch(MONEY);
  });

  it("builds a produto.lote of the spec's shape, one item per single notice", () => {
    const lote = buildWebhookEvent('produto.lote');
    expect(noticeProblems(lote)).toEqual([]);
    expect(lote.dados.itens.map((e) => e.evento)).toEqual(['produto.estoque_atualizado', 'produto.preco_atualizado']);
    expect(lote.dados.total).toBe(2);
  });

  it('refuses an unknown kind with an InvalidInputError naming evento and listing the known ones', () => {
    expect(() => buildWebhookEvent('pedido.inventado' as never)).toThrow(InvalidInputError);
    expect(() => buildWebhookEvent('pedido.inventado' as never)).toThrow(/evento: unknown event kind "pedido\.inventado"; use one of pedido\.criado/);
  });

  it('drives a partner handler through buildWebhookRequest, and the fake events have the same shape as built ones', async () => {
    const seen: string[] = [];
    const handler = createWebhookHandler({ on: { 'pedido.comprovante_validado': (e) => void seen.push(e.dados.anexo.id) }, logger: silent, verify: () => true });
    const response = await handler.fetch(buildWebhookRequest(buildWebhookEvent('pedido.comprovante_validado', { dados: { anexo: { id: 'anx_meu' } } })));
    expect(response.status).toBe(200);
    expect(seen).toEqual(['anx_meu']);

    const events: FakeWebhookEvent[] = [];
    const fake = createFakeApi({ onWebhook: (e) => void events.push(e) });
    await fake.fetch('https://x.test/v1/clientes', { method: 'POST', headers: { Authorization: 'Bearer svc_sbx_b' }, body: JSON.stringify({ nome: 'Ana' }) });
    const built = buildWebhookEvent('cliente.criado');
    expect(Object.keys(events[0]!)).toEqual(Object.keys(built));
    expect(Object.keys(events[0]!.dados).sort()).toEqual(Object.keys(built.dados).sort());
  });
});
