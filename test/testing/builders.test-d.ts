import { describe, expectTypeOf, it } from 'vitest';
import { buildWebhookEvent, type FakeWebhookEvent, type WireEvento } from '../../src/testing/index.js';

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
