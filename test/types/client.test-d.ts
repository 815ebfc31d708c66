import { describe, expectTypeOf, it } from 'vitest';
import * as z from 'zod';
import * as zm from 'zod/mini';
import { Money, PartnerCommerce, type ApiPromise, type Page, type PagePromise, type ResponseMeta, type Produtos } from '../../src/index.js';

declare const client: PartnerCommerce;

describe('typed results', () => {
  it('produtos.obter gives a Produtos.Produto with Money prices and reachable unknown fields', async () => {
    expectTypeOf(client.produtos.obter('x')).toEqualTypeOf<ApiPromise<Produtos.Produto>>();
    const p = await client.produtos.obter('x');
    expectTypeOf(p.precoAtacado).toEqualTypeOf<Money>();
    expectTypeOf(p.numeracoes[0]!.estoque).toEqualTypeOf<number>();
    expectTypeOf(p['campoNovo']).toEqualTypeOf<unknown>();
    expectTypeOf(p.precoAtacado.plus(1)).toEqualTypeOf<Money>();
  });

  it('withMeta gives data and metadata', async () => {
    const { data, meta } = await client.produtos.estoque('x').withMeta();
    expectTypeOf(data).toEqualTypeOf<Produtos.ProdutoEstoque>();
    expectTypeOf(meta).toEqualTypeOf<ResponseMeta>();
    expectTypeOf(meta.idempotencyKey).toEqualTypeOf<string | undefined>();
  });

  it('listar gives a PagePromise: awaited a Page, iterated its items', async () => {
    const list = client.produtos.listar({ limite: 10, atualizadoDesde: new Date() });
    expectTypeOf(list).toEqualTypeOf<PagePromise<Produtos.ProdutoResumo>>();
    const page = await list;
    expectTypeOf(page).toEqualTypeOf<Page<Produtos.ProdutoResumo>>();
    expectTypeOf(page.proximoCursor).toEqualTypeOf<string | null>();
    expectTypeOf(page.proximaPagina()).toEqualTypeOf<Promise<Page<Produtos.ProdutoResumo> | null>>();
    for await (const item of list) {
      expectTypeOf(item.sku).toEqualTypeOf<string>();
      expectTypeOf(item.precoAtacado).toEqualTypeOf<Money | undefined>();
    }
    // @ts-expect-error limite is a number
    client.produtos.listar({ limite: '10' });
  });

  it('request() is unknown without a schema and typed with one', async () => {
    expectTypeOf(await client.request('GET', '/v1/conta')).toEqualTypeOf<unknown>();
    const conta = await client.request('GET', '/v1/conta', { schema: z.object({ fichaCompleta: z.boolean() }) });
    expectTypeOf(conta).toEqualTypeOf<{ fichaCompleta: boolean }>();
    // The SDK's own schemas are zod/mini; a partner's schema may be either flavour of zod 4.
    const eu = await client.request('GET', '/v1/eu', { schema: zm.object({ id: zm.string() }) });
    expectTypeOf(eu).toEqualTypeOf<{ id: string }>();
  });

  it('the environment is a union', () => {
    expectTypeOf(client.environment).toEqualTypeOf<'sandbox' | 'production'>();
  });
});
