import type { Detalhe } from '../core/fake-error.js';

const DOCS_URL = 'https://docs.example.test';

/** Everything needed to build one answer; headers later in the list win. */
export interface Answer {
  status: number;
  requestId: string;
  /** JSON-encoded unless a string; `undefined` for no body. */
  body?: unknown;
  headers?: ReadonlyArray<Record<string, string> | undefined>;
}

/** Builds the Response with the headers every answer carries: request id and, with a body, JSON type. */
export function buildResponse(answer: Answer): Response {
  const headers = new Headers({ 'X-Request-Id': answer.requestId });
  const hasBody = answer.body !== undefined && answer.status !== 204 && answer.status !== 304;
  if (hasBody) headers.set('Content-Type', 'application/json; charset=utf-8');
  for (const extra of answer.headers ?? []) {
    for (const [name, value] of Object.entries(extra ?? {})) headers.set(name, value);
  }
  const text = !hasBody ? null : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
  return new Response(text, { status: answer.status, headers });
}

/** The spec's error body, its requestId equal to the X-Request-Id header. */
export function errorBody(codigo: string, mensagem: string, requestId: string, detalhes: readonly Detalhe[] = [], extra: Readonly<Record<string, unknown>> = {}): unknown {
  return { erro: { codigo, mensagem, detalhes, requestId, doc: `${DOCS_URL}/erros#${codigo}`, ...extra } };
}

/** Error code for an injected status given without one, so the answer reads like the real server's. */
export function codigoForStatus(status: number): string {
  const known: Record<number, string> = {
    400: 'REQUISICAO_INVALIDA',
    401: 'TOKEN_INVALIDO',
    403: 'ACESSO_NEGADO',
    404: 'NAO_ENCONTRADO',
    409: 'CONFLITO',
    422: 'NAO_PROCESSAVEL',
    429: 'LIMITE_EXCEDIDO',
    503: 'SERVICO_INDISPONIVEL',
  };
  return known[status] ?? 'ERRO_INTERNO';
}
