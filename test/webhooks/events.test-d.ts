import { describe, expectTypeOf, it } from 'vitest';
import type { Money, Pedidos } from '../../src/index.js';
import {
  createWebhookHandler,
  expandBatch,
  isKnownEvent,
  parseWebhook,
  type EventoDe,
  type EventoDesconhecido,
  type EventoIndividual,
  type EventoWebhook,
  type ItemLote,
  type TipoEvento,
} from '../../src/webhooks/index.js';

declare const e: EventoWebhook;

describe('webhook event types', () => {
  it('narrow to one kind by comparing evento', () => {
    if (e.evento === 'produto.preco_atualizado') {
      expectTypeOf(e.dados.anterior.precoAtacado).toEqualTypeOf<Money>();
      expectTypeOf(e).toEqualTypeOf<EventoDe<'produto.preco_atualizado'>>();
    }
    if (e.evento === 'pedido.status_alterado') {
      expectTypeOf(e.dados.pedido.statusAnterior).toEqualTypeOf<Pedidos.StatusPedido>();
      expectTypeOf(e.dados.pedido.total).toEqualTypeOf<Money>();
    }
  });

  it('narrow in a switch, and leave the unknown member for the default branch', () => {
    switch (e.evento) {
      case 'cliente.atualizado':
        expectTypeOf(e.dados.alterados).toEqualTypeOf<string[]>();
        break;
      case 'produto.lote':
        expectTypeOf(e.dados.itens).toEqualTypeOf<ItemLote[]>();
        expectTypeOf(e.dados.total).toEqualTypeOf<number>();
        break;
      case 'teste.ping':
        expectTypeOf(e.dados.mensagem).toEqualTypeOf<string>();
        break;
      default:
        expectTypeOf(e).not.toEqualTypeOf<EventoDesconhecido>();
    }
    if (!isKnownEvent(e)) expectTypeOf(e).toEqualTypeOf<EventoDesconhecido>();
    if (isKnownEvent(e)) expectTypeOf(e.evento).toEqualTypeOf<TipoEvento>();
  });

  it('leave exactly the unknown member after every known kind in a switch', () => {
    switch (e.evento) {
      case 'pedido.criado':
      case 'pedido.status_alterado':
      case 'pedido.rastreio_adicionado':
      case 'pedido.comprovante_validado':
      case 'etiqueta.emitida':
      case 'etiqueta.status_alterado':
      case 'financeiro.lancamento_criado':
      case 'produto.estoque_atualizado':
      case 'produto.preco_atualizado':
      case 'produto.nome_alterado':
      case 'produto.categorias_alteradas':
      case 'produto.criado':
      case 'produto.desativado':
      case 'produto.reativado':
      case 'produto.lote':
      case 'cliente.criado':
      case 'cliente.atualizado':
      case 'cliente.removido':
      case 'teste.ping':
        expectTypeOf(e).toEqualTypeOf<Exclude<EventoWebhook, EventoDesconhecido>>();
        break;
      default:
        expectTypeOf(e).toEqualTypeOf<EventoDesconhecido>();
    }
  });

  it('let an unknown kind be read as a string with its dados as a record', () => {
    if (!isKnownEvent(e)) {
      expectTypeOf(e.evento).toMatchTypeOf<string>();
      expectTypeOf(e.dados).toEqualTypeOf<Record<string, unknown>>();
    }
    expectTypeOf(e.evento).toMatchTypeOf<string>();
  });

  it('type unknown fields as unknown, never any', () => {
    expectTypeOf(e.campoNovo).toEqualTypeOf<unknown>();
    if (e.evento === 'pedido.criado') expectTypeOf(e.dados.pedido.campoNovo).toEqualTypeOf<unknown>();
  });

  it('type lote items by their own kind', () => {
    if (e.evento === 'produto.lote') {
      const item = e.dados.itens[0]!;
      if (item.evento === 'produto.nome_alterado') expectTypeOf(item.anterior.titulo).toEqualTypeOf<string | null | undefined>();
      if (item.evento === 'produto.estoque_atualizado') expectTypeOf(item.produto.numeracoes[0]!.estoque).toEqualTypeOf<number>();
    }
  });

  it('give single events from expandBatch', () => {
    expectTypeOf(expandBatch).returns.toEqualTypeOf<EventoIndividual[]>();
    expectTypeOf<Extract<EventoIndividual, { evento: 'produto.lote' }>>().toBeNever();
    expectTypeOf(parseWebhook).parameter(0).toMatchTypeOf<string | Uint8Array | object>();
  });

  it('type each handler of on by its kind, and onUnknown with the unknown member', () => {
    createWebhookHandler({
      on: {
        'pedido.status_alterado': async (evento) => {
          expectTypeOf(evento.dados.pedido.statusAnterior).toEqualTypeOf<Pedidos.StatusPedido>();
        },
        'produto.estoque_atualizado': (evento) => {
          expectTypeOf(evento.dados.produto.numeracoes[0]!.estoque).toEqualTypeOf<number>();
          return 1;
        },
        'produto.lote': async (lote) => {
          expectTypeOf(lote.dados.itens).toEqualTypeOf<ItemLote[]>();
        },
      },
      onUnknown: (evento) => expectTypeOf(evento).toEqualTypeOf<EventoDesconhecido>(),
      verify: async (raw, headers) => {
        expectTypeOf(raw).toEqualTypeOf<Uint8Array<ArrayBuffer>>();
        expectTypeOf(raw).toMatchTypeOf<BufferSource>();
        return headers.get('x-assinatura') === 'ok';
      },
      logger: { warn() {}, error() {} },
    });
    // @ts-expect-error -- no such kind
    createWebhookHandler({ verify: 'unsafe-skip', on: { 'pedido.inexistente': () => {} } });
    // @ts-expect-error -- verify is required: a function, or the explicit 'unsafe-skip'
    createWebhookHandler({ on: {} });
    // @ts-expect-error -- the opt-out is spelt out, not any string
    createWebhookHandler({ verify: 'skip', on: {} });
  });

  it('catch a misspelt kind at compile time', () => {
    // @ts-expect-error -- "pedido.criad" is no kind, and evento cannot be it
    if (e.evento === 'pedido.criad') return;
  });
});
