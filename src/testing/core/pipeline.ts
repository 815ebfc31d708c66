import { buildResponse, codigoForStatus, errorBody } from '../http/respond.js';
import type { FaultAnswer } from '../types.js';
import { BodyTooLarge, readBoundedBody } from './bounded-body.js';
import type { RequestLog } from './request-log.js';
import type { PendingEvent } from '../webhooks/dispatcher.js';
import type { Account } from '../state/account.js';
import { authenticate, bearerOf } from './auth.js';
import type { RouteContext } from './context.js';
import { delay } from './delay.js';
import { ConnectionDropped } from './dropped.js';
import { FakeApiError } from './fake-error.js';
import type { FaultQueue } from './faults.js';
import { checkScope, type WriteArea } from './permissions.js';
import { rateLimitHeaders, type FixedWindowLimiter } from './rate-limiter.js';
import { findRoute, type RouteDefinition } from './router.js';
import { splitPath } from './route-pattern.js';
import type { FakeState } from './state.js';

/** Where the effects of a successful call go: its notices now, its stock changes later. */
export interface EventSink {
  /** Delivers a call's notices before its answer leaves (so a test sees them once the call resolves). */
  send(account: Account, events: readonly PendingEvent[]): Promise<void>;
  /** Queues the delayed, merged stock notice of a product. */
  stockChanged(sku: string): void;
}

/** What the pipeline works with; built once by createFakeApi. */
export interface PipelineDeps {
  readonly state: FakeState;
  readonly routes: readonly RouteDefinition[];
  readonly faults: FaultQueue;
  readonly limiter: FixedWindowLimiter | undefined;
  readonly accepts: (token: string) => boolean;
  readonly now: () => Date;
  readonly log: RequestLog;
  /** Largest request body accepted (413 above it). */
  readonly maxBodyBytes: number;
  readonly writePermissions: Readonly<Partial<Record<WriteArea, string>>>;
  readonly events: EventSink;
}

/**
 * The fake's request path, in the order a real gateway would: record, faults (they stand for the
 * network and proxies, so they skip everything else), auth, rate limit, route, permission, handler,
 * then the call's webhooks.
 */
export function createHandler(deps: PipelineDeps): (request: Request, signal?: AbortSignal) => Promise<Response> {
  const answer = async (request: Request, signal: AbortSignal, lost: { answer?: { delayMs: number } }): Promise<Response> => {
    const requestId = `req_${crypto.randomUUID()}`;
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    const receivedAt = deps.now();
    const recorded = deps.log.record({ method, path: url.pathname + url.search, headers: Object.fromEntries(request.headers), body: '', at: receivedAt });

    const segments = splitPath(url.pathname);
    const fault = segments && deps.faults.take(method, segments);
    // A drop after applying lets the request run to the end and loses only its answer (below).
    if (fault && 'drop' in fault && fault.afterApplying === true) lost.answer = { delayMs: fault.delayMs ?? 0 };
    else if (fault) {
      if (fault.delayMs) await delay(fault.delayMs, signal);
      if ('drop' in fault) throw new ConnectionDropped();
      if ('status' in fault) return faultResponse(fault, requestId, peekHeaders(deps, request));
    }

    const now = deps.now();
    // Auth before the body: an unauthenticated sender gets nothing read, let alone buffered.
    const auth = authenticate(request.headers.get('authorization'), deps.accepts);
    if (!auth.ok) return fail(new FakeApiError(401, auth.codigo, auth.mensagem), requestId, peekHeaders(deps, request));
    let bodyBytes: Uint8Array<ArrayBuffer>;
    try {
      bodyBytes = await readBoundedBody(request, deps.maxBodyBytes);
    } catch (err) {
      if (!(err instanceof BodyTooLarge)) throw err;
      return fail(new FakeApiError(413, 'CORPO_GRANDE_DEMAIS', `O corpo passa de ${deps.maxBodyBytes} bytes.`), requestId, peekHeaders(deps, request));
    }
    const body = new TextDecoder().decode(bodyBytes);
    recorded.body = body;

    const decision = deps.limiter?.take(auth.token, now.getTime());
    const rateHeaders = decision ? rateLimitHeaders(decision) : undefined;
    if (decision && !decision.allowed) {
      const error = new FakeApiError(429, 'LIMITE_EXCEDIDO', `Limite de chamadas excedido; tente de novo em ${decision.resetSeconds} s.`);
      return fail(error, requestId, rateHeaders, { 'Retry-After': String(decision.resetSeconds) });
    }

    try {
      if (!segments) throw new FakeApiError(400, 'REQUISICAO_INVALIDA', 'Caminho com codificação inválida.');
      const match = findRoute(deps.routes, method, segments);
      if (!match) throw new FakeApiError(404, 'ROTA_NAO_ENCONTRADA', `Rota não encontrada: ${method} ${url.pathname}`);
      const account = deps.state.account(auth.token);
      checkScope(match.definition.scope, account, deps.writePermissions);
      const events: PendingEvent[] = [];
      const stock: string[] = [];
      const context: RouteContext = {
        route: match.definition.pattern.text,
        params: match.params,
        query: url.searchParams,
        headers: request.headers,
        body,
        bodyBytes,
        account,
        state: deps.state,
        now,
        emit: (evento, dados) => void events.push({ evento, dados }),
        stockChanged: (sku) => void stock.push(sku),
      };
      const result = await match.definition.handler(context);
      // Serialised before the notices go out: a receiver calling back into the fake must not change this answer.
      const response = buildResponse({ status: result.status, requestId, body: result.body, headers: [rateHeaders, result.headers] });
      await deps.events.send(account, events);
      for (const sku of stock) deps.events.stockChanged(sku);
      return response;
    } catch (err) {
      if (err instanceof FakeApiError) return fail(err, requestId, rateHeaders);
      // A bug in a route must still look like the server's 500, with a body the client can parse.
      return fail(new FakeApiError(500, 'ERRO_INTERNO', `Erro interno do fake: ${String(err)}`), requestId, rateHeaders);
    }
  };
  // The server's clock on every answer, as HTTP servers send it: clients (a catalog mirror) take their
  // high-water marks from it instead of the local clock.
  // `signal` is the caller's, when fake.fetch made a Request without one (see fake-api.ts).
  return async (request, signal = request.signal) => {
    const lost: { answer?: { delayMs: number } } = {};
    const response = await answer(request, signal, lost);
    if (lost.answer) {
      if (lost.answer.delayMs) await delay(lost.answer.delayMs, signal);
      throw new ConnectionDropped();
    }
    if (!response.headers.has('date')) response.headers.set('Date', deps.now().toUTCString());
    return response;
  };
}

function fail(error: FakeApiError, requestId: string, ...headers: Array<Record<string, string> | undefined>): Response {
  const body = errorBody(error.codigo, error.message, requestId, error.detalhes, error.extra);
  return buildResponse({ status: error.status, requestId, body, headers });
}

function faultResponse(fault: FaultAnswer, requestId: string, rateHeaders: Record<string, string> | undefined): Response {
  const isError = fault.status >= 400;
  const body = fault.body !== undefined ? fault.body : isError ? injectedErrorBody(fault, requestId) : undefined;
  return buildResponse({ status: fault.status, requestId, body, headers: [rateHeaders, fault.headers] });
}

function injectedErrorBody(fault: FaultAnswer, requestId: string): unknown {
  const codigo = fault.codigo ?? codigoForStatus(fault.status);
  return errorBody(codigo, `Falha injetada: ${fault.status} ${codigo}.`, requestId);
}

// Answers that are not counted calls still carry the rate headers the spec promises on every response.
function peekHeaders(deps: PipelineDeps, request: Request): Record<string, string> | undefined {
  const decision = deps.limiter?.peek(bearerOf(request.headers.get('authorization')), deps.now().getTime());
  return decision ? rateLimitHeaders(decision) : undefined;
}
