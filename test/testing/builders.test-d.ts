import { describe, expectTypeOf, it } from 'vitest';
import { buildBatchItem, buildWebhookEvent, type FakeWebhookEvent, type WireEvento, type WireItemLote } from '../../src/testing/index.js';

describe('builder and fake event types', () => {
  it('types each built event by its kind, money as wire strings', () => {
    const event = buildWebhookEvent('pedido.status_alterado');
    expectTypeOf(event).toEqualTypeOf<WireEvento<'pedido.status_alterado'>>();
    expectTypeOf(event.dados.pedido.statusAnterior).toEqualTypeOf<string>();
    expectTypeOf(buildWebhookEvent('financeiro.lancamento_criado').dados.lancamento.valor).toEqualTypeOf<string>();
    expectTypeOf(buildWebhookEvent('produto.lote').dados.total).toEqualTypeOf<number>();
  });

  it('checks overrides against the kind', () => {
    // @ts-expect-error numero is a number
    buildWebhookEvent('pedido.criado', { dados: { pedido: { numero: '1' } } });
    // @ts-expect-error not an event kind
    buildWebhookEvent('pedido.inventado');
  });

  it('narrows fake events by evento', () => {
    const handle = (e: FakeWebhookEvent): string | null | undefined => (e.evento === 'etiqueta.status_alterado' ? e.dados.etiqueta.statusAnterior : undefined);
    expectTypeOf(handle).returns.toEqualTypeOf<string | null | undefined>();
  });
});

describe('lote item builder types', () => {
  it('types an item by its kind, with the kind-specific fields', () => {
    const item = buildBatchItem('produto.preco_atualizado', { anterior: { precoAtacado: '10.00' } });
    expectTypeOf(item).toEqualTypeOf<WireItemLote<'produto.preco_atualizado'>>();
    expectTypeOf(item.anterior.precoAtacado).toEqualTypeOf<string>();
    expectTypeOf(buildBatchItem('produto.criado').produto.sku).toEqualTypeOf<string>();
    // @ts-expect-error a lote carries only product kinds
    buildBatchItem('pedido.criado');
    // @ts-expect-error ativo is a boolean
    buildBatchItem('produto.criado', { produto: { ativo: 'sim' } });
  });

  it('fits the itens of a built lote, and fake events include lotes', () => {
    buildWebhookEvent('produto.lote', { dados: { itens: [buildBatchItem('produto.criado'), buildBatchItem('produto.desativado')] } });
    const total = (e: FakeWebhookEvent): number | undefined => (e.evento === 'produto.lote' ? e.dados.total : undefined);
    expectTypeOf(total).returns.toEqualTypeOf<number | undefined>();
  });
});
