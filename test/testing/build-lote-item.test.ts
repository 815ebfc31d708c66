import { describe, expect, it } from 'vitest';
import { buildBatchItem, buildWebhookEvent, buildWebhookRequest, type FakeProductEventKind } from '../../src/testing/index.js';
import { createWebhookHandler, productHandlers, TIPOS_EVENTO_PRODUTO } from '../../src/webhooks/index.js';
import { noticeProblems } from '../spec-fixtures/fixtures.js';

describe('buildBatchItem', () => {
  it("builds an item of every product kind, a lote of them of the spec fixtures' shape", () => {
    const itens = TIPOS_EVENTO_PRODUTO.map((kind) => buildBatchItem(kind));
    expect(itens.map((i) => i.evento)).toEqual([...TIPOS_EVENTO_PRODUTO]);
    const lote = buildWebhookEvent('produto.lote', { dados: { total: itens.length, itens } });
    expect(noticeProblems(lote)).toEqual([]);
    expect(lote.dados.itens).toHaveLength(7);
  });

  it('carries alterados and anterior only for the kinds whose single notice has them', () => {
    expect(buildBatchItem('produto.preco_atualizado')).toEqual(expect.objectContaining({ alterados: expect.any(Array), anterior: expect.any(Object) }));
    expect(buildBatchItem('produto.nome_alterado').anterior).toEqual({ titulo: expect.any(String) });
    expect(buildBatchItem('produto.categorias_alteradas').alterados).toEqual(['categorias']);
    expect(Object.keys(buildBatchItem('produto.criado')).sort()).toEqual(['evento', 'produto']);
  });

  it('merges overrides deeply, arrays replaced, and keeps evento', () => {
    const item = buildBatchItem('produto.desativado', { produto: { sku: 'SKU-0042', ativo: false, tags: [] } });
    expect(item.produto.sku).toBe('SKU-0042');
    expect(item.produto.tags).toEqual([]);
    expect(item.produto.titulo).toEqual(expect.any(String));
    expect(item.evento).toBe('produto.desativado');
    // Fresh defaults per call: changing one item leaves the next alone.
    item.produto.numeracoes[0]!.estoque = 99;
    expect(buildBatchItem('produto.desativado').produto.numeracoes[0]!.estoque).not.toBe(99);
  });

  it('refuses a kind that is not a product kind', () => {
    for (const kind of ['produto.lote', 'pedido.criado', 'produto.inventado', 'constructor']) {
      expect(() => buildBatchItem(kind as FakeProductEventKind)).toThrow(/evento: a lote item is one of the product event kinds/);
    }
  });

  it('reaches a receiver as single events, one per item', async () => {
    const seen: string[] = [];
    const handler = createWebhookHandler({ verify: () => true, on: productHandlers((e) => void seen.push(`${e.id} ${e.evento} ${e.dados.produto.sku}`)) });
    const event = buildWebhookEvent('produto.lote', {
      id: 'evt_lote',
      dados: { total: 2, itens: [buildBatchItem('produto.reativado', { produto: { sku: 'SKU-0009' } }), buildBatchItem('produto.estoque_atualizado')] },
    });
    expect((await handler.fetch(buildWebhookRequest(event))).status).toBe(200);
    expect(seen).toEqual(['evt_lote:0 produto.reativado SKU-0009', 'evt_lote:1 produto.estoque_atualizado SKU-0001']);
  });
});
