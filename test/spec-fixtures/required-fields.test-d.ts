// Fields the spec makes the key of a record, or a money value, stay required and
// typed as such in the SDK's public types (a mutation making one optional fails here, at type level,
// even where no runtime test sends a record without it).
import { describe, expectTypeOf, it } from 'vitest';
import type { Money, Etiquetas, Financeiro, Pedidos, Produtos } from '../../src/index.js';

describe('required fields of the SDK records', () => {
  it('a product has its sku, wholesale price and sizes', () => {
    expectTypeOf<Produtos.Produto['sku']>().toEqualTypeOf<string>();
    expectTypeOf<Produtos.Produto['precoAtacado']>().toEqualTypeOf<Money>();
    expectTypeOf<Produtos.Produto>().toHaveProperty('numeracoes');
    expectTypeOf<Produtos.ProdutoEstoque['sku']>().toEqualTypeOf<string>();
  });

  it('an order has its id, numero and total', () => {
    expectTypeOf<Pedidos.Pedido['id']>().toEqualTypeOf<string>();
    expectTypeOf<Pedidos.PedidoResumo['id']>().toEqualTypeOf<string>();
    expectTypeOf<Pedidos.Pedido['numero']>().toEqualTypeOf<number>();
    expectTypeOf<Pedidos.Pedido['total']>().toEqualTypeOf<Money>();
  });

  it('a label and a ledger entry have their id and value', () => {
    expectTypeOf<Etiquetas.Etiqueta['id']>().toEqualTypeOf<string>();
    expectTypeOf<Etiquetas.Etiqueta['valor']>().toEqualTypeOf<Money>();
    expectTypeOf<Financeiro.Lancamento['id']>().toEqualTypeOf<string>();
    expectTypeOf<Financeiro.Lancamento['valor']>().toEqualTypeOf<Money>();
  });
});
