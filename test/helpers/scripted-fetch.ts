/** A request as the fake server saw it. */
export interface SeenRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

/** What a scripted step answers: a Response, or a thrown error (a dropped connection). */
export type Step = (req: SeenRequest, signal: AbortSignal | null) => Response | Promise<Response>;

/**
 * A fetch that answers from a script, one step per request (the last step repeats), and records
 * every request so tests can count attempts and read their headers.
 */
export function scriptedFetch(...steps: Step[]) {
  const seen: SeenRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const req: SeenRequest = { method: request.method, url: new URL(request.url), headers: request.headers, body: await request.text() };
    seen.push(req);
    const step = steps[Math.min(seen.length - 1, steps.length - 1)];
    if (!step) throw new Error('no step scripted');
    return step(req, request.signal);
  };
  return { fetch: fetch, seen };
}

/** A JSON answer with the headers the API always sends. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'x-request-id': `req_${status}_${Math.random().toString(36).slice(2, 8)}`, ...headers },
  });
}

/** An error answer in the API's format. */
export function apiError(status: number, codigo: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): Response {
  return json(
    status,
    { erro: { codigo, mensagem: `mensagem de ${codigo}`, detalhes: [], requestId: 'req_err', doc: `https://docs.example.test/erros#${codigo}`, ...extra } },
    { 'x-request-id': 'req_err', ...headers },
  );
}

/** A fetch failure as undici reports a refused connection. */
export function refused(): never {
  throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }) });
}

/** A fetch failure after the request may have reached the server. */
export function reset(): never {
  throw new TypeError('fetch failed', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });
}

/** Never answers; rejects when the request's signal aborts (as fetch does). */
export function hang(_req: SeenRequest, signal: AbortSignal | null): Promise<Response> {
  return new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason ?? new DOMException('aborted', 'AbortError'))));
}

export const SANDBOX_TOKEN = 'svc_sbx_test_0123456789abcdef';
export const PROD_TOKEN = 'svc_prod_test_0123456789abcdef';
export const BASE_URL = 'https://api.example.test';

export const PRODUTO = {
  sku: 'SKU-1',
  titulo: 'Tênis',
  imagem: 'https://img.example.test/1.jpg',
  precoAtacado: '129.90',
  precoSugerido: '199.90',
  precoAtual: '189.90',
  numeracoes: [{ numeracao: '38', skuVariacao: 'SKU-1-38', estoque: 3 }],
  categorias: [{ id: 'c1', nome: 'Tênis' }],
  estilos: [],
  tags: [],
  ativo: true,
  atualizadoEm: '2026-11-20T10:00:00-03:00',
};
