import { describe, expectTypeOf, it } from 'vitest';
import type { Money, Produtos } from '../../src/index.js';
import {
  createWebhookHandler,
  expandBatch,
  isProductEvent,
  productHandlers,
  type EventoDe,
  type EventoProduto,
  type EventoWebhook,
  type TipoEventoProduto,
  type WebhookHandlers,
} from '../../src/webhooks/index.js';

declare const e: EventoWebhook;

describe('product hook types', () => {
  it('narrows any event to the seven product kinds, each with dados.produto', () => {
    if (isProductEvent(e)) {
      expectTypeOf(e).toEqualTypeOf<EventoProduto>();
      expectTypeOf(e.evento).toEqualTypeOf<TipoEventoProduto>();
      expectTypeOf(e.dados.produto).toEqualTypeOf<Produtos.Produto>();
      expectTypeOf(e.dados.produto.precoAtacado).toEqualTypeOf<Money>();
      if (e.evento === 'produto.preco_atualizado') expectTypeOf(e.dados.anterior.precoAtacado).toEqualTypeOf<Money>();
    } else {
      expectTypeOf<Extract<typeof e, { evento: TipoEventoProduto }>>().toBeNever();
    }
  });

  it('narrows the items of a lote once expandBatch made them events', () => {
    for (const single of expandBatch(e)) {
      if (isProductEvent(single)) expectTypeOf(single.dados.produto).toEqualTypeOf<Produtos.Produto>();
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
