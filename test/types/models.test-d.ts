import { describe, expectTypeOf, it } from 'vitest';
import type { Money, Etiquetas, Financeiro, Pedidos } from '../../src/index.js';

describe('models', () => {
  it('type open enums as their known values plus any string', () => {
    expectTypeOf<Pedidos.Pedido['status']>().toEqualTypeOf<Pedidos.StatusPedido>();
    expectTypeOf<'PAGO'>().toMatchTypeOf<Pedidos.Pedido['status']>();
    expectTypeOf<'UM_STATUS_NOVO'>().toMatchTypeOf<Pedidos.Pedido['status']>();
    expectTypeOf<Etiquetas.Etiqueta['status']>().toEqualTypeOf<Etiquetas.StatusEtiqueta>();
    expectTypeOf<'CANCELADA'>().toMatchTypeOf<Etiquetas.Etiqueta['status']>();
    expectTypeOf<Pedidos.Anexo['tipo']>().toMatchTypeOf<string>();
  });

  it('give money fields as Money and keep unknown fields reachable', () => {
    expectTypeOf<Pedidos.Pedido['total']>().toEqualTypeOf<Money>();
    expectTypeOf<Etiquetas.Etiqueta['valor']>().toEqualTypeOf<Money>();
    expectTypeOf<Financeiro.Lancamento['valor']>().toEqualTypeOf<Money>();
    expectTypeOf<Pedidos.Pedido['campoNovo']>().toEqualTypeOf<unknown>();
    expectTypeOf<Etiquetas.Etiqueta['impressaEm']>().toEqualTypeOf<string | null>();
  });
});
