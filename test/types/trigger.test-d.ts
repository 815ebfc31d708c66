import { describe, expectTypeOf, it } from 'vitest';
import type { PartnerCommerce, Pedidos, Sandbox } from '../../src/index.js';
import { trigger, type TriggerableEvent, type TriggerOptions, type TriggerOptionsByEvent } from '../../src/cli/index.js';

declare const client: PartnerCommerce;

describe('trigger: one options type per event kind', () => {
  it('the kind passed narrows the options to that kind’s fields', () => {
    void trigger(client, 'pedido.status_alterado', { pedidoId: 'p1', status: 'PAGO' });
    void trigger(client, 'etiqueta.status_alterado', { etiquetaId: 'e1', status: 'DESPACHADA' });
    void trigger(client, 'produto.lote', { count: 2, itens: 5, shuffle: true, dup: 0.1, seed: 7 });
    void trigger(client, 'financeiro.lancamento_criado', { valor: '-20.00', descricao: 'estorno' });
    void trigger(client, 'pedido.criado');
    // @ts-expect-error itens belongs to produto.lote, not to an order kind
    void trigger(client, 'pedido.criado', { itens: 3 });
    // @ts-expect-error an order status is not a label status
    void trigger(client, 'etiqueta.status_alterado', { status: 'PAGO' });
    // @ts-expect-error dados is taken by produto.criado and produto.categorias_alteradas only
    void trigger(client, 'produto.desativado', { dados: { titulo: 'x' } });
    // @ts-expect-error a customer notice has no simulator
    void trigger(client, 'cliente.criado');
  });

  it('TriggerOptions<K> is the kind’s entry of TriggerOptionsByEvent, keyed by every triggerable kind', () => {
    expectTypeOf<TriggerOptions<'produto.lote'>>().toEqualTypeOf<TriggerOptionsByEvent['produto.lote']>();
    expectTypeOf<TriggerOptions<'produto.lote'>['itens']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<keyof TriggerOptionsByEvent>().toEqualTypeOf<TriggerableEvent>();
    expectTypeOf<keyof TriggerOptions<'pedido.criado'>>().toEqualTypeOf<'pedidoId'>();
    expectTypeOf<TriggerOptions<'pedido.status_alterado'>['status']>().toEqualTypeOf<Pedidos.StatusPedido | undefined>();
    expectTypeOf<TriggerOptions<'etiqueta.status_alterado'>['status']>().toEqualTypeOf<Sandbox.StatusEtiquetaSimulavel | undefined>();
    expectTypeOf<TriggerOptions<'financeiro.lancamento_criado'>>().toHaveProperty('valor');
  });

  it('a kind known only as a TriggerableEvent takes the union of the kinds’ options', () => {
    const run = (evento: TriggerableEvent, options: TriggerOptions) => trigger(client, evento, options);
    expectTypeOf(run).parameter(1).toEqualTypeOf<TriggerOptionsByEvent[TriggerableEvent]>();
  });
});
