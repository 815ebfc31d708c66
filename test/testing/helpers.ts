import type { FakeApi } from '../../src/testing/index.js';

/** Any host works: the fake only reads the path. */
export const BASE = 'https://sandbox.example.test';
export const TOKEN = 'svc_sbx_teste';

/** A GET with the sandbox token unless `token` says otherwise (`null` for no Authorization header). */
export function get(fake: FakeApi, path: string, token: string | null = TOKEN): Promise<Response> {
  return fake.fetch(`${BASE}${path}`, { headers: token === null ? {} : { Authorization: `Bearer ${token}` } });
}

/** The JSON body of an error answer, checked for the spec's format on the way. */
export interface ErroBody {
  erro: { codigo: string; mensagem: string; detalhes: Array<{ campo?: string }>; requestId: string; doc: string };
}

export async function readJson<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** A clock tests move by hand. */
export function manualClock(startIso = '2024-05-10T12:00:00-03:00'): { now: () => Date; advance(ms: number): void } {
  let ms = Date.parse(startIso);
  return { now: () => new Date(ms), advance: (by) => void (ms += by) };
}

/** One product as the fake sends it. */
export interface Produto {
  sku: string;
  titulo: string;
  imagem: string;
  precoAtacado: string;
  precoSugerido: string;
  precoAtual: string;
  numeracoes: Array<{ numeracao: string; skuVariacao: string; estoque: number }>;
  categorias: Array<{ id: string; nome: string }>;
  estilos: Array<{ id: string; nome: string }>;
  tags: Array<{ id: string; nome: string }>;
  ativo: boolean;
  atualizadoEm: string;
}

export interface Pagina {
  dados: Produto[];
  paginacao: { proximoCursor: string | null; temMais: boolean };
}

/** Follows `proximoCursor` to the end, returning every product and the number of pages. */
export async function walkCatalog(fake: FakeApi, query = ''): Promise<{ produtos: Produto[]; pages: number }> {
  const produtos: Produto[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const params = new URLSearchParams(query);
    if (cursor !== null) params.set('cursor', cursor);
    const response = await get(fake, `/v1/produtos?${params}`);
    if (response.status !== 200) throw new Error(`page ${pages + 1} answered ${response.status}: ${await response.text()}`);
    const page = await readJson<Pagina>(response);
    produtos.push(...page.dados);
    pages++;
    cursor = page.paginacao.proximoCursor;
    if (page.paginacao.temMais !== (cursor !== null)) throw new Error('temMais disagrees with proximoCursor');
  } while (cursor !== null);
  return { produtos, pages };
}
