import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionError, InvalidInputError, UnexpectedResponseError, fetchChangelog } from '../../src/index.js';

const DOCS = 'https://docs.example.test';
const mudanca = (tipo: string, acao: string | null, texto = `${tipo} ${acao ?? 'sem ação'}`) => ({ tipo, area: 'pedidos', texto, acao, quebra: false, link: `${DOCS}/x` });

const CHANGELOG = {
  tipos: { novo: 'Novo', alterado: 'Alterado', corrigido: 'Corrigido', descontinuado: 'Descontinuado', removido: 'Removido', seguranca: 'Segurança' },
  releases: [
    {
      versao: 'v1.2',
      data: '2026-11-01',
      titulo: 'Novembro',
      resumo: 'r',
      mudancas: [mudanca('novo', null), mudanca('alterado', null), mudanca('alterado', 'Envie enviarPara'), mudanca('seguranca', null), mudanca('corrigido', 'x')],
      destaque: true,
    },
    { versao: 'v1', data: null, titulo: 'Primeira', resumo: 'r', mudancas: [mudanca('descontinuado', null), mudanca('removido', null), mudanca('seguranca', 'Gire o token')] },
  ],
};

const requests: Request[] = [];
let answer: () => Response = () => HttpResponse.json(CHANGELOG);
const server = setupServer(
  http.all('*', ({ request }) => {
    requests.push(request);
    return answer();
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  requests.length = 0;
  answer = () => HttpResponse.json(CHANGELOG);
});
afterAll(() => server.close());

describe('fetchChangelog', () => {
  it('GETs {docsUrl}/changelog.json without any token', async () => {
    await fetchChangelog(`${DOCS}/`);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.method).toBe('GET');
    expect(requests[0]!.url).toBe(`${DOCS}/changelog.json`);
    expect(requests[0]!.headers.get('authorization')).toBeNull();
  });

  it('gives every seguranca and descontinuado change, and alterado only with an acao, each with its release', async () => {
    const { changelog, actionsNeeded } = await fetchChangelog(DOCS);
    expect(actionsNeeded.map((m) => `${m.versao} ${m.tipo} ${m.acao ?? '-'}`)).toEqual(['v1.2 alterado Envie enviarPara', 'v1.2 seguranca -', 'v1 descontinuado -', 'v1 seguranca Gire o token']);
    expect(actionsNeeded[0]!.data).toBe('2026-11-01');
    expect(actionsNeeded[2]!.data).toBeNull();
    expect(changelog.releases).toHaveLength(2);
    expect(changelog.releases[0]!['destaque']).toBe(true);
  });

  it('uses the fetch it is given', async () => {
    const seen: string[] = [];
    const fetch = (async (url: string | URL | Request) => {
      seen.push(String(url));
      return Response.json({ tipos: {}, releases: [] });
    }) as typeof globalThis.fetch;
    await expect(fetchChangelog(DOCS, { fetch })).resolves.toEqual({ changelog: { tipos: {}, releases: [] }, actionsNeeded: [] });
    expect(seen).toEqual([`${DOCS}/changelog.json`]);
    expect(requests).toHaveLength(0);
  });

  it('fails with UnexpectedResponseError naming the field when the shape does not fit', async () => {
    const bad = structuredClone(CHANGELOG) as { releases: { mudancas: Record<string, unknown>[] }[] };
    delete bad.releases[1]!.mudancas[2]!['acao'];
    answer = () => HttpResponse.json(bad);
    const err = await fetchChangelog(DOCS).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnexpectedResponseError);
    expect((err as UnexpectedResponseError).issues.map((i) => i.path)).toEqual(['releases.1.mudancas.2.acao']);
    expect((err as UnexpectedResponseError).message).toContain('releases.1.mudancas.2.acao');
  });

  it('fails with UnexpectedResponseError for a 404 or a body that is not JSON', async () => {
    answer = () => new HttpResponse('<html>not found</html>', { status: 404 });
    await expect(fetchChangelog(DOCS)).rejects.toMatchObject({ name: 'UnexpectedResponseError', status: 404 });
    answer = () => new HttpResponse('<html>ok</html>', { status: 200 });
    await expect(fetchChangelog(DOCS)).rejects.toMatchObject({ name: 'UnexpectedResponseError', status: 200 });
  });

  it('fails with ConnectionError when the site cannot be reached', async () => {
    answer = () => HttpResponse.error();
    await expect(fetchChangelog(DOCS)).rejects.toBeInstanceOf(ConnectionError);
  });

  it('refuses a docsUrl that is not an http(s) URL, sending nothing', async () => {
    await expect(fetchChangelog('docs.example.test')).rejects.toBeInstanceOf(InvalidInputError);
    expect(requests).toHaveLength(0);
  });
});
