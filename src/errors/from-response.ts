import type { JsonValue } from '../internal/json.js';
import { parseRetryAfter } from '../internal/retry-after.js';
import { ApiError, type DetalheErro } from './api-error.js';
import { redactJson, redactTokens } from './redact.js';
import { UnexpectedResponseError } from './unexpected-response-error.js';

/** Codes implied by a status when the body carries none (an HTML page from a proxy, say). */
const CODIGO_POR_STATUS: Record<number, string> = { 429: 'LIMITE_EXCEDIDO', 500: 'ERRO_INTERNO', 503: 'SERVICO_INDISPONIVEL' };
const EXTRAS = ['escopoNecessario', 'itens', 'pedido'] as const;
const EXCERPT_CHARS = 200;

/** Context of the call that failed, for the error's metadata. */
export interface ErrorContext {
  method: string;
  path: string;
  idempotencyKey?: string | undefined;
  /** Said after the message, in parentheses: why the SDK did not retry, when that is not plain. */
  note?: string | undefined;
}

/** The one place an {@link ApiError} is built: from the status, headers and raw body of an answer. */
export function apiErrorFromResponse(status: number, headers: Headers, rawBody: string, ctx: ErrorContext): ApiError {
  const headerRecord: Record<string, string> = {};
  headers.forEach((v, k) => {
    headerRecord[k] = redactTokens(v);
  });
  // A server or proxy may echo the request's token; scrub the whole body before any field is kept.
  const bodyText = redactTokens(rawBody);
  // Parsed from the raw text, then redacted value by value: escapes can hide a token from the text pattern.
  const erro = redactJson(readErro(rawBody));
  const requestId = str(erro?.requestId) ?? headerRecord['x-request-id'];
  const codigo = str(erro?.codigo) ?? CODIGO_POR_STATUS[status] ?? `HTTP_${status}`;
  const mensagem = str(erro?.mensagem) ?? (erro ? '' : excerpt(bodyText));
  const extras: Record<string, unknown> = {};
  for (const k of EXTRAS) if (erro && k in erro) extras[k] = erro[k];
  if (codigo === 'ITENS_INDISPONIVEIS' && !Array.isArray(extras.itens)) extras.itens = [];
  const where = `${ctx.method} ${ctx.path}`;
  return new ApiError({
    message: `${status} ${codigo}${mensagem ? `: ${mensagem}` : ''} (${where}${requestId ? `, requestId ${requestId}` : ''})${ctx.note ? ` (${ctx.note})` : ''}`,
    codigo,
    status,
    mensagem,
    detalhes: Array.isArray(erro?.detalhes) ? (erro.detalhes as DetalheErro[]) : [],
    requestId,
    doc: str(erro?.doc),
    headers: headerRecord,
    retryAfterMs: parseRetryAfter(headerRecord['retry-after']),
    body: erro,
    idempotencyKey: ctx.idempotencyKey,
    extras,
  });
}

function readErro(bodyText: string): Record<string, JsonValue> | undefined {
  try {
    const parsed: unknown = JSON.parse(bodyText);
    const erro = (parsed as { erro?: unknown } | null)?.erro;
    return typeof erro === 'object' && erro !== null && !Array.isArray(erro) ? (erro as Record<string, JsonValue>) : undefined;
  } catch {
    return undefined;
  }
}

function excerpt(text: string): string {
  const flat = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > EXCERPT_CHARS ? `${flat.slice(0, EXCERPT_CHARS)}…` : flat;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/**
 * The one place a redirect is refused. The API never redirects, so a 3xx (other than 304), an
 * opaque redirect (what fetch gives for `redirect: 'manual'` in browsers and workers) or an answer
 * that fetch followed anyway is someone else speaking: nothing is re-sent anywhere and it is not
 * retried. Answers `undefined` for every other response.
 */
export function redirectErrorFromResponse(response: Response, ctx: ErrorContext): UnexpectedResponseError | undefined {
  const isRedirect = response.type === 'opaqueredirect' || response.redirected || (response.status >= 300 && response.status < 400 && response.status !== 304);
  if (!isRedirect) return undefined;
  const location = response.headers.get('location');
  const status = response.type === 'opaqueredirect' ? 'an opaque redirect' : response.redirected ? `an answer from ${redactTokens(response.url)}` : `${response.status}`;
  const to = location === null ? '' : ` to ${redactTokens(location)}`;
  return new UnexpectedResponseError(`${ctx.method} ${ctx.path} was answered with ${status}${to}; the API never redirects, so nothing was followed or sent again`, {
    status: response.status,
    requestId: response.headers.get('x-request-id') ?? undefined,
    idempotencyKey: ctx.idempotencyKey,
    issues: [{ path: '', message: `redirect (${status})${to}` }],
  });
}
