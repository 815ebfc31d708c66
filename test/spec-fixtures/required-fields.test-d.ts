// Fields the spec makes the key of a record, or a money value, stay required and
// typed as such in the SDK's public types (a mutation making one optional fails here, at type level,
// even where no runtime test sends a record without it).
import { describe, expectTypeOf, it } from 'vitest';
import type { Etiqueta, Lancamento, Money, Pedido, PedidoResumo, Produto, ProdutoEstoque } from '../../src/index.js';

describe('required fields of the SDK records', () => {
  it('a product has its sku, wholesale price and sizes', () => {
    expectTypeOf<Produto['sku']>().toEqualTypeOf<string>();
    expectTypeOf<Produto['precoAtacado']>().toEqualTypeOf<Money>();
    expectTypeOf<Produto>().toHaveProperty('numeracoes');
    expectTypeOf<ProdutoEstoque['sku']>().toEqualTypeOf<string>();
  });

  it('an order has its id, numero and total', () => {
    expectTypeOf<Pedido['id']>().toEqualTypeOf<string>();
    expectTypeOf<PedidoResumo['id']>().toEqualTypeOf<string>();
    expectTypeOf<Pedido['numero']>().toEqualTypeOf<number>();
    expectTypeOf<Pedido['total']>().toEqualTypeOf<Money>();
  });

  it('a label and a ledger entry have their id and value', () => {
    expectTypeOf<Etiqueta['id']>().toEqualTypeOf<string>();
    expectTypeOf<Etiqueta['valor']>().toEqualTypeOf<Money>();
    expectTypeOf<Lancamento['id']>().toEqualTypeOf<string>();
    expectTypeOf<Lancamento['valor']>().toEqualTypeOf<Money>();
  });
});
