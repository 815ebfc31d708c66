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

/** What a call answered: status, headers and the parsed JSON body (undefined when empty). */
export interface Answer<T = any> {
  status: number;
  headers: Headers;
  json: T;
}

/** Options of {@link call}. */
export interface CallOptions {
  /** JSON body (an object is stringified; a string is sent as it is; FormData as multipart). */
  body?: unknown;
  /** `null` for no Authorization header. */
  token?: string | null;
  headers?: Record<string, string>;
}

/** Any call to the fake, with the sandbox token unless told otherwise. */
export async function call(fake: FakeApi, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const { body, token = TOKEN, headers = {} } = options;
  const init: RequestInit = { method, headers: { ...(token === null ? {} : { Authorization: `Bearer ${token}` }), ...headers } };
  if (body instanceof FormData || typeof body === 'string') init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const response = await fake.fetch(`${BASE}${path}`, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text === '' ? undefined : JSON.parse(text) };
}

/** Counter for Idempotency-Keys unique within a test run. */
let keySeq = 0;

/** POST /v1/pedidos with a fresh Idempotency-Key (or the one given). */
export function criarPedido(fake: FakeApi, body: unknown, options: { token?: string; key?: string } = {}): Promise<Answer> {
  return call(fake, 'POST', '/v1/pedidos', { body, token: options.token, headers: { 'Idempotency-Key': options.key ?? `k-${++keySeq}` } });
}

/** The first active product with a size holding at least `pares` pairs. */
export async function disponivel(fake: FakeApi, pares = 1): Promise<{ sku: string; numeracao: string; estoque: number; precoAtacado: string }> {
  for (const produto of (await walkCatalog(fake)).produtos) {
    const size = produto.numeracoes.find((n) => n.estoque >= pares);
    if (produto.ativo && size) return { sku: produto.sku, numeracao: size.numeracao, estoque: size.estoque, precoAtacado: produto.precoAtacado };
  }
  throw new Error(`no product with ${pares} pairs in stock`);
}

/** Creates an order of one pair of the first available product; returns its detail. */
export async function umPedido(fake: FakeApi, token = TOKEN): Promise<{ id: string; numero: number; itens: Array<{ id: string }> }> {
  const item = await disponivel(fake);
  const answer = await criarPedido(fake, { itens: [{ sku: item.sku, numeracao: item.numeracao, quantidade: 1 }] }, { token });
  if (answer.status !== 201) throw new Error(`order creation answered ${answer.status}: ${JSON.stringify(answer.json)}`);
  return answer.json;
}

/** A multipart upload of `bytes` in field `arquivo`, with extra text fields. */
export function upload(bytes: Uint8Array, nome = 'arquivo.bin', fields: Record<string, string> = {}, declaredType = 'application/octet-stream'): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('arquivo', new Blob([new Uint8Array(bytes)], { type: declaredType }), nome);
  return form;
}

/** The tiny valid PDF of the spec flow. */
export const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
/** The first bytes of a PNG. */
export const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
