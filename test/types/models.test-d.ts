import { describe, expectTypeOf, it } from 'vitest';
import type { Anexo, Etiqueta, Lancamento, Money, Pedido, StatusEtiqueta, StatusPedido } from '../../src/index.js';

describe('models', () => {
  it('type open enums as their known values plus any string', () => {
    expectTypeOf<Pedido['status']>().toEqualTypeOf<StatusPedido>();
    expectTypeOf<'PAGO'>().toMatchTypeOf<Pedido['status']>();
    expectTypeOf<'UM_STATUS_NOVO'>().toMatchTypeOf<Pedido['status']>();
    expectTypeOf<Etiqueta['status']>().toEqualTypeOf<StatusEtiqueta>();
    expectTypeOf<'CANCELADA'>().toMatchTypeOf<Etiqueta['status']>();
    expectTypeOf<Anexo['tipo']>().toMatchTypeOf<string>();
  });

  it('give money fields as Money and keep unknown fields reachable', () => {
    expectTypeOf<Pedido['total']>().toEqualTypeOf<Money>();
    expectTypeOf<Etiqueta['valor']>().toEqualTypeOf<Money>();
    expectTypeOf<Lancamento['valor']>().toEqualTypeOf<Money>();
    expectTypeOf<Pedido['campoNovo']>().toEqualTypeOf<unknown>();
    expectTypeOf<Etiqueta['impressaEm']>().toEqualTypeOf<string | null>();
  });
});
