import { InvalidInputError } from '../../src/index.js';
import { describe, expect, it } from 'vitest';
import { createFakeApi, type FakeApiOptions, type FakeWebhookEvent } from '../../src/testing/index.js';
import { isProductEvent, parseWebhook } from '../../src/webhooks/index.js';
import { noticeProblems } from '../spec-fixtures/fixtures.js';
import { get, manualClock, readJson, TOKEN, walkCatalog, type Pagina } from './helpers.js';

/** A fake whose clock tests move, recording notices; TOKEN has called it once, so it hears product notices. */
async function setup(options: FakeApiOptions = {}) {
  const clock = manualClock('2024-05-10T12:00:00-03:00');
  const events: FakeWebhookEvent[] = [];
  const fake = createFakeApi({ catalogSize: 5, rateLimit: false, now: clock.now, onWebhook: (e) => void events.push(e), ...options });
  await get(fake, '/v1/conta');
  clock.advance(1000);
  return { fake, clock, events };
}

const AGORA = '2024-05-10T12:00:01-03:00';

describe('fake.catalog', () => {
  it('changes prices: produto.preco_atualizado naming what changed, with both prices before, the whole product, stamped by the fake clock', async () => {
    const { fake, events } = await setup();
    const antes = fake.catalog.product('SKU-0001')!;
    const produto = await fake.catalog.changePrices('SKU-0001', { precoAtacado: '99.90', precoSugerido: antes.precoSugerido });
    expect(produto).toEqual({ ...antes, precoAtacado: '99.90', atualizadoEm: AGORA });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      evento: 'produto.preco_atualizado',
      dados: { produto, alterados: ['precoAtacado'], anterior: { precoAtacado: antes.precoAtacado, precoSugerido: antes.precoSugerido } },
    });
    // The notice has the spec's shape, and the API serves the same product.
    expect(noticeProblems(events[0])).toEqual([]);
    expect(await readJson(await get(fake, '/v1/produtos/SKU-0001'))).toEqual(produto);
  });

  it('sends nothing and stamps nothing when a value is written again (rule 3)', async () => {
    const { fake, events } = await setup();
    const antes = fake.catalog.product('SKU-0002')!;
    await fake.catalog.changePrices('SKU-0002', { precoAtacado: antes.precoAtacado });
    await fake.catalog.changeTitle('SKU-0002', antes.titulo);
    await fake.catalog.changeClassification('SKU-0002', { categorias: antes.categorias, tags: antes.tags });
    await (antes.ativo ? fake.catalog.reactivate('SKU-0002') : fake.catalog.deactivate('SKU-0002'));
    await fake.catalog.setStock('SKU-0002', antes.numeracoes[0]!.numeracao, antes.numeracoes[0]!.estoque);
    await fake.catalog.changeCurrentPrice('SKU-0002', antes.precoAtual);
    await fake.flushWebhooks();
    expect(events).toEqual([]);
    expect(fake.catalog.product('SKU-0002')).toEqual(antes);
  });

  it('changes the title: produto.nome_alterado with anterior.titulo', async () => {
    const { fake, events } = await setup();
    const antes = fake.catalog.product('SKU-0003')!;
    await fake.catalog.changeTitle('SKU-0003', 'Bota Nova');
    expect(events.map((e) => [e.evento, e.dados])).toEqual([['produto.nome_alterado', { produto: { ...antes, titulo: 'Bota Nova', atualizadoEm: AGORA }, anterior: { titulo: antes.titulo } }]]);
  });

  it('changes categories, styles and tags: produto.categorias_alteradas naming only the lists that changed', async () => {
    const { fake, events } = await setup();
    const antes = fake.catalog.product('SKU-0004')!;
    const tags = [{ id: 'tag_nova', nome: 'Nova' }];
    await fake.catalog.changeClassification('SKU-0004', { categorias: antes.categorias, estilos: [{ id: 'est_x', nome: 'X' }], tags });
    expect(events).toHaveLength(1);
    expect(events[0]!.evento).toBe('produto.categorias_alteradas');
    expect(events[0]!.dados).toEqual({ produto: { ...antes, estilos: [{ id: 'est_x', nome: 'X' }], tags, atualizadoEm: AGORA }, alterados: ['estilos', 'tags'] });
  });

  it('adds a product: produto.criado, the next free sku, listed and found by the cursor walk and by atualizadoDesde', async () => {
    const { fake, events } = await setup();
    const novo = await fake.catalog.createProduct({ titulo: 'Tênis Novo' });
    expect(novo).toMatchObject({ sku: 'SKU-0006', titulo: 'Tênis Novo', ativo: true, atualizadoEm: AGORA });
    expect(novo.numeracoes.length).toBeGreaterThan(0);
    expect(events.map((e) => [e.evento, e.dados])).toEqual([['produto.criado', { produto: novo }]]);
    const { produtos, pages } = await walkCatalog(fake, 'limite=2');
    expect(pages).toBe(3);
    expect(produtos.map((p) => p.sku)).toEqual(['SKU-0001', 'SKU-0002', 'SKU-0003', 'SKU-0004', 'SKU-0005', 'SKU-0006']);
    const desde = await readJson<Pagina>(await get(fake, `/v1/produtos?atualizadoDesde=${encodeURIComponent(AGORA)}`));
    expect(desde.dados).toEqual([novo]);
    expect(() => fake.catalog.createProduct({ sku: 'SKU-0001' })).toThrow(/already has a product with sku "SKU-0001"/);
  });

  it('deactivates and reactivates: the product stays listed with ativo as sent, one notice per real change', async () => {
    const { fake, events, clock } = await setup();
    const sku = fake.catalog.products().find((p) => p.ativo)!.sku;
    await fake.catalog.deactivate(sku);
    await fake.catalog.deactivate(sku);
    clock.advance(1000);
    await fake.catalog.reactivate(sku);
    expect(
      events
        .map((e) => parseWebhook(JSON.stringify(e)))
        .filter(isProductEvent)
        .map((e) => [e.evento, e.dados.produto.ativo, e.dados.produto.atualizadoEm]),
    ).toEqual([
      ['produto.desativado', false, AGORA],
      ['produto.reativado', true, '2024-05-10T12:00:02-03:00'],
    ]);
    const { produtos } = await walkCatalog(fake);
    expect(produtos.find((p) => p.sku === sku)?.ativo).toBe(true);
  });

  it('changes precoAtual with no notice, yet an incremental scan finds it', async () => {
    const { fake, events } = await setup();
    await fake.catalog.changeCurrentPrice('SKU-0005', '1.00');
    await fake.flushWebhooks();
    expect(events).toEqual([]);
    const desde = await readJson<Pagina>(await get(fake, `/v1/produtos?atualizadoDesde=${encodeURIComponent(AGORA)}`));
    expect(desde.dados.map((p) => [p.sku, p.precoAtual])).toEqual([['SKU-0005', '1.00']]);
  });

  it('sets the stock of a size: one merged produto.estoque_atualizado after the stock delay, with the final state', async () => {
    const { fake, events } = await setup({ stockWebhookDelayMs: 60_000 });
    const [a, b] = fake.catalog.product('SKU-0001')!.numeracoes;
    await fake.catalog.setStock('SKU-0001', a!.numeracao, 7);
    await fake.catalog.setStock('SKU-0001', b!.numeracao, 8);
    await fake.catalog.setStock('SKU-0001', a!.numeracao, 9);
    expect(events).toEqual([]);
    expect(
      fake.catalog
        .product('SKU-0001')!
        .numeracoes.slice(0, 2)
        .map((n) => n.estoque),
    ).toEqual([9, 8]);
    await fake.flushWebhooks();
    expect(events).toHaveLength(1);
    expect(events[0]!.evento).toBe('produto.estoque_atualizado');
    expect(events[0]!.dados).toEqual({ produto: fake.catalog.product('SKU-0001') });
    expect(() => fake.catalog.setStock('SKU-0001', '99', 1)).toThrow(/has no size "99"/);
    expect(() => fake.catalog.setStock('SKU-0001', a!.numeracao, -1)).toThrow(/estoque: must be an integer >= 0/);
  });

  it('sends many changes at once as one produto.lote, one item per product and kind with the final state', async () => {
    const { fake, events } = await setup();
    const [p1, p2, p3] = fake.catalog.products();
    const dados = await fake.catalog.batch((c) => {
      void c.changePrices(p1!.sku, { precoAtacado: '10.00' });
      void c.changePrices(p1!.sku, { precoSugerido: '30.00' });
      void c.changeTitle(p2!.sku, 'Primeiro');
      void c.changeTitle(p2!.sku, 'Segundo');
      void c.setStock(p3!.sku, p3!.numeracoes[0]!.numeracao, 42);
      void c.createProduct({ sku: 'SKU-NOVO' });
    });
    await fake.flushWebhooks();
    expect(events).toHaveLength(1);
    const lote = events[0]!;
    if (lote.evento !== 'produto.lote') throw new Error(`expected a lote, got ${lote.evento}`);
    expect(lote.dados).toEqual(dados);
    expect(lote.dados.total).toBe(4);
    expect(lote.dados.itens).toEqual([
      {
        evento: 'produto.preco_atualizado',
        produto: fake.catalog.product(p1!.sku),
        alterados: ['precoAtacado', 'precoSugerido'],
        anterior: { precoAtacado: p1!.precoAtacado, precoSugerido: p1!.precoSugerido },
      },
      { evento: 'produto.nome_alterado', produto: fake.catalog.product(p2!.sku), anterior: { titulo: p2!.titulo } },
      { evento: 'produto.estoque_atualizado', produto: fake.catalog.product(p3!.sku) },
      { evento: 'produto.criado', produto: fake.catalog.product('SKU-NOVO') },
    ]);
    expect(noticeProblems(lote)).toEqual([]);
  });

  it('leaves out of a lote a deactivation undone within it, and keeps only the final one otherwise', async () => {
    const { fake, events } = await setup();
    const [ativo, outro] = fake.catalog.products().filter((p) => p.ativo);
    await fake.catalog.batch((c) => {
      void c.deactivate(ativo!.sku);
      void c.reactivate(ativo!.sku);
      void c.deactivate(outro!.sku);
      void c.reactivate(outro!.sku);
      void c.deactivate(outro!.sku);
    });
    expect(events).toHaveLength(1);
    const lote = events[0]!;
    if (lote.evento !== 'produto.lote') throw new Error('expected a lote');
    expect(lote.dados.itens.filter(isProductEvent).map((i) => [i.evento, i.produto.sku, i.produto.ativo])).toEqual([['produto.desativado', outro!.sku, false]]);
  });

  it('sends no lote when nothing changed, and notifies the changes made before a throw', async () => {
    const { fake, events } = await setup();
    expect(await fake.catalog.batch(() => undefined)).toBeUndefined();
    expect(events).toEqual([]);
    await expect(
      fake.catalog.batch((c) => {
        void c.changeTitle('SKU-0001', 'Antes do erro');
        void c.changeTitle('SKU-9999', 'x');
      }),
    ).rejects.toThrow(/no product with sku "SKU-9999"/);
    expect(events.map((e) => e.evento)).toEqual(['produto.lote']);
    expect(fake.catalog.product('SKU-0001')!.titulo).toBe('Antes do erro');
  });

  it('sends product notices to every account that called the fake and may read products, each for its integration', async () => {
    const received: Array<[string, string, string]> = [];
    const fake = createFakeApi({
      catalogSize: 3,
      rateLimit: false,
      accounts: { svc_sbx_sem_produtos: { permissions: ['pedidos:ler'] } },
      onWebhook: (e, { token }) => void received.push([token, e.evento, e.integracao.id]),
    });
    await fake.catalog.changeTitle('SKU-0001', 'Ninguém ouve');
    expect(received).toEqual([]);
    for (const token of [TOKEN, 'svc_sbx_outro', 'svc_sbx_sem_produtos']) await get(fake, '/v1/conta', token);
    await fake.catalog.changeTitle('SKU-0001', 'Todos ouvem');
    expect(received.map(([token, evento]) => [token, evento])).toEqual([
      [TOKEN, 'produto.nome_alterado'],
      ['svc_sbx_outro', 'produto.nome_alterado'],
    ]);
    expect(received[0]![2]).not.toBe(received[1]![2]);
  });

  it('refuses bad input with an InvalidInputError naming it, changing nothing', async () => {
    const { fake, events } = await setup();
    const antes = fake.catalog.products();
    /** The path of the one issue `make` is refused with, as an InvalidInputError (one family: never a TypeError). */
    const refused = (make: () => unknown): string | undefined => {
      try {
        make();
      } catch (err) {
        expect(err).toBeInstanceOf(InvalidInputError);
        return (err as InvalidInputError).issues.map((i) => i.path).join(',');
      }
      return undefined;
    };
    expect(() => fake.catalog.changePrices('SKU-0001', { precoAtacado: '10' })).toThrow(/precoAtacado: must be a money string/);
    expect(refused(() => fake.catalog.changePrices('SKU-0001', { precoAtacado: '10.00', precoSugerido: 12 as unknown as string }))).toBe('precoSugerido');
    expect(() => fake.catalog.changeTitle('SKU-0001', '  ')).toThrow(/titulo: must be a non-empty string/);
    expect(() => fake.catalog.changeClassification('SKU-0001', { tags: [{ id: 1 }] as never })).toThrow(/tags: must be an array of/);
    expect(refused(() => fake.catalog.deactivate('SKU-X'))).toBe('sku');
    expect(() => fake.catalog.deactivate('SKU-X')).toThrow(/no product with sku "SKU-X"/);
    expect(refused(() => fake.catalog.changeCurrentPrice('SKU-0001', '1,00'))).toBe('precoAtual');
    expect(refused(() => fake.catalog.setStock('SKU-0001', 'nenhuma', 1))).toBe('numeracao');
    expect(refused(() => fake.catalog.changePrices('SKU-0001', null as never))).toBe('precos');
    await expect(fake.catalog.batch('x' as never)).rejects.toMatchObject({ name: 'InvalidInputError', issues: [{ path: 'fn' }] });
    expect(fake.catalog.products()).toEqual(antes);
    expect(events).toEqual([]);
  });

  it('hands out copies: changing what it returns changes nothing in the fake', async () => {
    const { fake } = await setup();
    const produto = fake.catalog.product('SKU-0001')!;
    produto.titulo = 'mudado por fora';
    fake.catalog.products()[0]!.numeracoes[0]!.estoque = 999;
    expect(fake.catalog.product('SKU-0001')!.titulo).not.toBe('mudado por fora');
    expect(fake.catalog.product('SKU-0001')!.numeracoes[0]!.estoque).not.toBe(999);
  });
});
