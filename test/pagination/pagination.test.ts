import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/index.js';
import { Page } from '../../src/pagination/page.js';
import { testClient } from '../helpers/client.js';
import { json, scriptedFetch, type SeenRequest } from '../helpers/scripted-fetch.js';
import { exposedGc } from '../helpers/gc.js';

/** A server with `total` products served `limite` per page, cursors being the next index. */
function catalog(total: number) {
  return (req: SeenRequest) => {
    const limite = Number(req.url.searchParams.get('limite') ?? 50);
    const start = Number(req.url.searchParams.get('cursor') ?? 0);
    const end = Math.min(start + limite, total);
    const dados = Array.from({ length: end - start }, (_, i) => ({ sku: `SKU-${start + i}` }));
    return json(200, { dados, paginacao: { proximoCursor: end < total ? String(end) : null, temMais: end < total } });
  };
}

describe('lists', () => {
  it('await gives the first page with dados, proximoCursor and temMais', async () => {
    const { fetch, seen } = scriptedFetch(catalog(5));
    const page = await testClient(fetch).produtos.listar({ limite: 2 });
    expect(page).toBeInstanceOf(Page);
    expect(page.dados.map((p) => p.sku)).toEqual(['SKU-0', 'SKU-1']);
    expect(page.proximoCursor).toBe('2');
    expect(page.temMais).toBe(true);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url.searchParams.get('limite')).toBe('2');
    expect(seen[0]!.url.searchParams.has('cursor')).toBe(false);
  });

  it('proximaPagina() follows the cursor with the same filters and gives null at the end', async () => {
    const { fetch, seen } = scriptedFetch(catalog(3));
    const first = await testClient(fetch).produtos.listar({ limite: 2, atualizadoDesde: '2026-01-01T00:00:00Z' });
    const second = await first.proximaPagina();
    expect(second?.dados.map((p) => p.sku)).toEqual(['SKU-2']);
    expect(second?.temMais).toBe(false);
    expect(await second?.proximaPagina()).toBeNull();
    expect(seen).toHaveLength(2);
    expect(Object.fromEntries(seen[1]!.url.searchParams)).toEqual({ limite: '2', atualizadoDesde: '2026-01-01T00:00:00Z', cursor: '2' });
  });

  it('for await yields every item of every page, fetching pages only as the loop needs them', async () => {
    const { fetch, seen } = scriptedFetch(catalog(7));
    const skus: string[] = [];
    for await (const p of testClient(fetch).produtos.listar({ limite: 3 })) {
      skus.push(p.sku);
      if (skus.length === 1) expect(seen).toHaveLength(1);
    }
    expect(skus).toEqual(Array.from({ length: 7 }, (_, i) => `SKU-${i}`));
    expect(seen).toHaveLength(3);
  });

  it('stops early without fetching more when the loop breaks', async () => {
    const { fetch, seen } = scriptedFetch(catalog(100));
    for await (const p of testClient(fetch).produtos.listar({ limite: 10 })) if (p.sku === 'SKU-3') break;
    expect(seen).toHaveLength(1);
  });

  it('.paginas() yields pages, and cursor resumes from a saved checkpoint', async () => {
    const { fetch, seen } = scriptedFetch(catalog(5));
    const client = testClient(fetch);
    const checkpoints: (string | null)[] = [];
    for await (const page of client.produtos.listar({ limite: 2 }).paginas()) checkpoints.push(page.proximoCursor);
    expect(checkpoints).toEqual(['2', '4', null]);
    const resumed = await client.produtos.listar({ limite: 2, cursor: '4' });
    expect(resumed.dados.map((p) => p.sku)).toEqual(['SKU-4']);
    expect(seen.at(-1)!.url.searchParams.get('cursor')).toBe('4');
  });

  it('sends nothing until awaited or iterated', async () => {
    const { fetch, seen } = scriptedFetch(catalog(5));
    const list = testClient(fetch).produtos.listar();
    await Promise.resolve();
    expect(seen).toHaveLength(0);
    await list;
    await list;
    expect(seen).toHaveLength(1);
  });

  it.each([0, 101, 1.5, Number.NaN, '10' as unknown as number])('refuses limite %j before sending', async (limite) => {
    const { fetch, seen } = scriptedFetch(catalog(5));
    const err = await testClient(fetch)
      .produtos.listar({ limite })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(InvalidInputError);
    expect((err as InvalidInputError).issues[0]!.path).toBe('limite');
    expect(seen).toHaveLength(0);
  });

  it.each(['2026-01-01T00:00:00', '2026-01-01', '2026-01-01T00:00:00+02:00', 'ontem'])('refuses atualizadoDesde %j (offset Z or -03:00 required)', async (atualizadoDesde) => {
    const { fetch, seen } = scriptedFetch(catalog(5));
    const list = testClient(fetch).produtos.listar({ atualizadoDesde });
    const err = await (async () => {
      try {
        for await (const _ of list) void _;
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(InvalidInputError);
    expect((err as InvalidInputError).issues[0]!.path).toBe('atualizadoDesde');
    expect(seen).toHaveLength(0);
  });

  it('sends a Date atualizadoDesde with an offset, and a -03:00 string unchanged', async () => {
    const { fetch, seen } = scriptedFetch(catalog(1));
    const client = testClient(fetch);
    await client.produtos.listar({ atualizadoDesde: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
    await client.produtos.listar({ atualizadoDesde: '2026-01-02T00:04:05-03:00' });
    expect(seen.map((r) => r.url.searchParams.get('atualizadoDesde'))).toEqual(['2026-01-02T03:04:05.000Z', '2026-01-02T00:04:05-03:00']);
  });

  it('passes extra filters through untouched', async () => {
    const { fetch, seen } = scriptedFetch(catalog(1));
    await testClient(fetch).produtos.listar({ categoria: 'tenis', ativo: true });
    expect(seen[0]!.url.searchParams.get('categoria')).toBe('tenis');
    expect(seen[0]!.url.searchParams.get('ativo')).toBe('true');
  });
});

describe('a long scan', () => {
  it('keeps no page it has moved past, so memory stays flat over any number of pages', async () => {
    const gc = exposedGc();
    const { fetch } = scriptedFetch(catalog(30_000));
    let firstItem: WeakRef<object> | undefined;
    let count = 0;
    for await (const p of testClient(fetch).produtos.listar({ limite: 100 })) {
      firstItem ??= new WeakRef(p);
      if (++count === 20_000) {
        gc();
        await new Promise((r) => setImmediate(r));
        gc();
        expect(firstItem.deref()).toBeUndefined();
      }
    }
    expect(count).toBe(30_000);
  });
});
