import { describe, expect, it } from 'vitest';
import { createFakeApi } from '../../src/testing/index.js';
import { BASE, get, manualClock, readJson, TOKEN, walkCatalog, type ErroBody, type Pagina, type Produto } from './helpers.js';

const MONEY = /^-?\d+\.\d{2}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/;

describe('createFakeApi catalog', () => {
  it('serves a product in the spec Product shape', async () => {
    const fake = createFakeApi();
    const response = await get(fake, '/v1/produtos/SKU-0001');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const produto = await readJson<Produto>(response);
    expect(produto.sku).toBe('SKU-0001');
    expect(produto.titulo).toEqual(expect.any(String));
    expect(produto.imagem).toMatch(/^https:\/\//);
    for (const preco of [produto.precoAtacado, produto.precoSugerido, produto.precoAtual]) expect(preco).toMatch(MONEY);
    expect(produto.atualizadoEm).toMatch(TIMESTAMP);
    expect(typeof produto.ativo).toBe('boolean');
    expect(produto.numeracoes.length).toBeGreaterThan(0);
    for (const n of produto.numeracoes) {
      expect(Number(n.numeracao)).toBeGreaterThanOrEqual(34);
      expect(Number(n.numeracao)).toBeLessThanOrEqual(44);
      expect(n.skuVariacao).toBe(`SKU-0001-${n.numeracao}`);
      expect(Number.isInteger(n.estoque) && n.estoque >= 0).toBe(true);
    }
    for (const ref of [...produto.categorias, ...produto.estilos, ...produto.tags]) expect(ref).toEqual({ id: expect.any(String), nome: expect.any(String) });
  });

  it('serves the stock of a product in the Product stock shape', async () => {
    const fake = createFakeApi();
    const produto = await readJson<Produto>(await get(fake, '/v1/produtos/SKU-0002'));
    const estoque = await readJson<unknown>(await get(fake, '/v1/produtos/SKU-0002/estoque'));
    expect(estoque).toEqual({ sku: 'SKU-0002', ativo: produto.ativo, numeracoes: produto.numeracoes, atualizadoEm: produto.atualizadoEm });
  });

  it('walks the whole catalog page by page with no duplicates, in sku order', async () => {
    const fake = createFakeApi({ catalogSize: 30 });
    const { produtos, pages } = await walkCatalog(fake, 'limite=7');
    const skus = produtos.map((p) => p.sku);
    expect(pages).toBe(5);
    expect(fake.requests).toHaveLength(5);
    expect(new Set(skus).size).toBe(30);
    expect(skus).toEqual([...skus].sort());
    expect(skus[0]).toBe('SKU-0001');
    expect(skus[29]).toBe('SKU-0030');
  });

  it('uses a page size of 50 when limite is absent', async () => {
    const fake = createFakeApi({ catalogSize: 60 });
    const page = await readJson<Pagina>(await get(fake, '/v1/produtos'));
    expect(page.dados).toHaveLength(50);
    expect(page.paginacao.temMais).toBe(true);
  });

  it('answers 400 CURSOR_INVALIDO to a tampered or made-up cursor', async () => {
    const fake = createFakeApi();
    const first = await readJson<Pagina>(await get(fake, '/v1/produtos?limite=5'));
    const cursor = first.paginacao.proximoCursor!;
    const tampered = (cursor[0] === 'A' ? 'B' : 'A') + cursor.slice(1);
    for (const bad of [tampered, 'abc', `${cursor}x`, '']) {
      const response = await get(fake, `/v1/produtos?cursor=${encodeURIComponent(bad)}`);
      expect(response.status).toBe(400);
      const body = await readJson<ErroBody>(response);
      expect(body.erro.codigo).toBe('CURSOR_INVALIDO');
      expect(body.erro.requestId).toBe(response.headers.get('x-request-id'));
      expect(body.erro.doc).toBe('https://docs.example.test/erros#CURSOR_INVALIDO');
      expect(body.erro.detalhes).toEqual([]);
    }
  });

  it('refuses limite outside 1 to 100 with PARAMETRO_INVALIDO naming the field', async () => {
    const fake = createFakeApi();
    for (const limite of ['0', '101', 'abc', '1.5', '-1', '']) {
      const response = await get(fake, `/v1/produtos?limite=${limite}`);
      expect(response.status).toBe(400);
      const body = await readJson<ErroBody>(response);
      expect(body.erro.codigo).toBe('PARAMETRO_INVALIDO');
      expect(body.erro.detalhes[0]?.campo).toBe('limite');
    }
    expect((await get(fake, '/v1/produtos?limite=100')).status).toBe(200);
  });

  it('keeps only products changed since atualizadoDesde, with offset Z or -03:00', async () => {
    const clock = manualClock();
    const fake = createFakeApi({ catalogSize: 40, now: clock.now });
    const all = (await walkCatalog(fake)).produtos;
    const since = new Date(clock.now().getTime() - 10 * 24 * 60 * 60 * 1000);
    const expected = all.filter((p) => Date.parse(p.atualizadoEm) >= since.getTime()).map((p) => p.sku);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);

    const utc = await walkCatalog(fake, new URLSearchParams({ atualizadoDesde: since.toISOString(), limite: '3' }).toString());
    expect(utc.produtos.map((p) => p.sku)).toEqual(expected);
    const brasilia = new Date(since.getTime() - 3 * 3600_000).toISOString().replace(/\.000Z$/, '-03:00');
    const local = await walkCatalog(fake, new URLSearchParams({ atualizadoDesde: brasilia }).toString());
    expect(local.produtos.map((p) => p.sku)).toEqual(expected);
  });

  it('refuses atualizadoDesde without an accepted offset', async () => {
    const fake = createFakeApi();
    for (const value of ['2024-05-01T10:00:00', '2024-05-01T10:00:00+02:00', '2024-05-01', 'ontem']) {
      const response = await get(fake, `/v1/produtos?${new URLSearchParams({ atualizadoDesde: value })}`);
      expect(response.status).toBe(400);
      const body = await readJson<ErroBody>(response);
      expect(body.erro.codigo).toBe('PARAMETRO_INVALIDO');
      expect(body.erro.detalhes[0]?.campo).toBe('atualizadoDesde');
    }
  });

  it('answers 404 NAO_ENCONTRADO for an unknown sku and ROTA_NAO_ENCONTRADA for an unknown route', async () => {
    const fake = createFakeApi();
    expect((await readJson<ErroBody>(await get(fake, '/v1/produtos/SKU-9999'))).erro.codigo).toBe('NAO_ENCONTRADO');
    expect((await readJson<ErroBody>(await get(fake, '/v1/produtos/SKU-9999/estoque'))).erro.codigo).toBe('NAO_ENCONTRADO');
    for (const path of ['/v1/nada', '/v1/produtos/', '/v2/produtos']) {
      const response = await get(fake, path);
      expect(response.status).toBe(404);
      expect((await readJson<ErroBody>(response)).erro.codigo).toBe('ROTA_NAO_ENCONTRADA');
    }
    const post = await fake.fetch(`${BASE}/v1/produtos`, { method: 'POST', headers: { Authorization: `Bearer ${TOKEN}` }, body: '{}' });
    expect((await readJson<ErroBody>(post)).erro.codigo).toBe('ROTA_NAO_ENCONTRADA');
  });

  it('matches paths segment by segment on the percent-encoded path', async () => {
    const fake = createFakeApi();
    expect((await get(fake, '/v1/produtos/SKU%2D0001')).status).toBe(200);
    // An encoded slash stays inside the sku, so it cannot reach the stock route.
    const slash = await get(fake, '/v1/produtos/SKU-0001%2Festoque');
    expect((await readJson<ErroBody>(slash)).erro.codigo).toBe('NAO_ENCONTRADO');
  });

  it('serves the account and the integration with fichaCompleta true', async () => {
    const fake = createFakeApi();
    const conta = await readJson<{ id: string; fichaCompleta: boolean }>(await get(fake, '/v1/conta'));
    expect(conta.fichaCompleta).toBe(true);
    const eu = await readJson<{ conta: { id: string }; integracao: { id: string } }>(await get(fake, '/v1/eu'));
    expect(eu.conta.id).toBe(conta.id);
    expect(eu.integracao.id).toEqual(expect.any(String));
    const other = await readJson<{ id: string }>(await get(fake, '/v1/conta', 'svc_sbx_outro'));
    expect(other.id).not.toBe(conta.id);
  });

  it('builds the same catalog from the same options, and a smaller catalog is a prefix', async () => {
    const clock = manualClock();
    const a = await walkCatalog(createFakeApi({ catalogSize: 12, now: clock.now }));
    const b = await walkCatalog(createFakeApi({ catalogSize: 12, now: clock.now }));
    const small = await walkCatalog(createFakeApi({ catalogSize: 5, now: clock.now }));
    expect(b.produtos).toEqual(a.produtos);
    expect(small.produtos).toEqual(a.produtos.slice(0, 5));
    expect(new Set(a.produtos.map((p) => p.titulo)).size).toBeGreaterThan(1);
  });

  it('refuses invalid options with an InvalidInputError naming the option', () => {
    expect(() => createFakeApi({ catalogSize: -1 })).toThrow(/catalogSize/);
    expect(() => createFakeApi({ rateLimit: { perMinute: 0, windowMs: 1000 } })).toThrow(/rateLimit.perMinute/);
  });
});
