import { describe, expectTypeOf, it } from 'vitest';
import type { Money, Produto } from '../../src/index.js';
import { buildWebhookEvent, type FakeWebhookEvent } from '../../src/testing/index.js';
import {
  createWebhookHandler,
  isEventoProduto,
  productHandlers,
  type EventoDe,
  type EventoProduto,
  type EventoWebhook,
  type ItemLote,
  type TipoEventoProduto,
  type WebhookHandlers,
} from '../../src/webhooks/index.js';

declare const e: EventoWebhook;
declare const item: ItemLote;

describe('product hook types', () => {
  it('narrows any event to the seven product kinds, each with dados.produto', () => {
    if (isEventoProduto(e)) {
      expectTypeOf(e).toEqualTypeOf<EventoProduto>();
      expectTypeOf(e.evento).toEqualTypeOf<TipoEventoProduto>();
      expectTypeOf(e.dados.produto).toEqualTypeOf<Produto>();
      expectTypeOf(e.dados.produto.precoAtacado).toEqualTypeOf<Money>();
      if (e.evento === 'produto.preco_atualizado') expectTypeOf(e.dados.anterior.precoAtacado).toEqualTypeOf<Money>();
    } else {
      expectTypeOf<Extract<typeof e, { evento: TipoEventoProduto }>>().toBeNever();
    }
  });

  it('narrows a wire notice of the testing kit too', () => {
    const wire = buildWebhookEvent('produto.nome_alterado') as FakeWebhookEvent;
    if (isEventoProduto(wire)) expectTypeOf(wire.dados.produto.precoAtacado).toEqualTypeOf<string>();
  });

  it('narrows a lote item without a cast', () => {
    if (isEventoProduto(item)) {
      expectTypeOf(item.evento).toEqualTypeOf<TipoEventoProduto>();
      expectTypeOf(item.produto).toEqualTypeOf<Produto>();
    }
  });

  it('gives productHandlers handlers typed for createWebhookHandler, the event as the union', () => {
    const on = productHandlers((evento) => {
      expectTypeOf(evento).toEqualTypeOf<EventoProduto>();
      expectTypeOf(evento.dados.produto.sku).toEqualTypeOf<string>();
    });
    expectTypeOf(on).toMatchTypeOf<WebhookHandlers>();
    expectTypeOf(on['produto.criado']).parameter(0).toEqualTypeOf<EventoDe<'produto.criado'>>();
    createWebhookHandler({ verify: 'unsafe-skip', on: { ...on, 'pedido.criado': (p) => expectTypeOf(p).toEqualTypeOf<EventoDe<'pedido.criado'>>() } });
    // @ts-expect-error a handler for orders is not a product handler
    productHandlers((p: EventoDe<'pedido.criado'>) => p);
  });
});
