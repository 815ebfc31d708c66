import type { StandardSchemaV1 } from './internal/standard-schema.js';
import { Categorias, Numeracoes } from './resources/catalogo.js';
import { Clientes } from './resources/clientes.js';
import { ContaResource } from './resources/conta.js';
import { Etiquetas } from './resources/etiquetas.js';
import { Financeiro } from './resources/financeiro.js';
import { LojaHubResource } from './resources/loja-hub.js';
import { Pedidos } from './resources/pedidos.js';
import { Produtos } from './resources/produtos.js';
import { Sandbox } from './resources/sandbox.js';
import type { ApiPromise } from './transport/api-promise.js';
import { Transport, type HttpMethod } from './transport/transport.js';
import { attachTransport } from './transport/transport-of.js';
import { InvalidInputError } from './errors/invalid-input-error.js';
import { rememberToken } from './errors/known-tokens.js';
import { resolveOptions, type ClientOptions, type Environment } from './transport/client-options.js';
import type { QueryValue } from './transport/query.js';
import type { RequestOptions } from './transport/request-options.js';
import type { OpenRedisBudget } from './transport/rate-limit/registry.js';

/**
 * The Redis budget store of `partner-commerce/redis`, loaded at the first call that needs budget:
 * programs that never name Redis never load its code. Every option was checked with the client's, so
 * nothing the caller wrote can fail here; a missing `redis` package fails the first call, before
 * anything is sent.
 */
const openRedisBudget: OpenRedisBudget = (options) => import('./redis/budget-store.js').then((m) => m.createRedisBudgetStore(options));

/** Options of {@link PartnerCommerce.request}: the call's query and body, plus the usual per-call options. */
export interface RawRequestOptions<S extends StandardSchemaV1 | undefined = undefined> extends RequestOptions {
  /** Query parameters; Dates are sent as ISO strings with offset. */
  query?: Record<string, QueryValue> | undefined;
  /** JSON body (or FormData). */
  body?: unknown;
  /**
   * Schema to validate the success body with, from any library that implements Standard Schema v1
   * (zod 4 or 3.24+, valibot, arktype...); without one the parsed JSON is returned as `unknown`. A body
   * it refuses is an UnexpectedResponseError naming each field, as with the SDK's own methods.
   */
  schema?: S;
}

/**
 * Client of the Partner Commerce API. One instance per token; share it across your code.
 *
 * @example
 * const client = new PartnerCommerce({ token: process.env.PARTNER_COMMERCE_TOKEN, baseUrl: process.env.PARTNER_COMMERCE_BASE_URL });
 * for await (const produto of client.produtos.listar({ limite: 100 })) console.log(produto.sku);
 */
export class PartnerCommerce {
  /** Environment of the token: `svc_sbx_` is the sandbox, `svc_prod_` production. */
  readonly environment: Environment;
  /** The partner's account (`obter`) and the integration behind the token (`eu`). */
  readonly conta: ContaResource;
  /** The catalog and stock. */
  readonly produtos: Produtos;
  /** The catalog's categories. */
  readonly categorias: Categorias;
  /** The catalog's sizes. */
  readonly numeracoes: Numeracoes;
  /** The partner's customer book. */
  readonly clientes: Clientes;
  /** Orders, with their tracking codes (`rastreios`), payment proofs (`comprovantes`) and expenses (`despesas`). */
  readonly pedidos: Pedidos;
  /** Balance and statement. */
  readonly financeiro: Financeiro;
  /** Shipping labels and the label-provider connection. */
  readonly etiquetas: Etiquetas;
  /** The partner's storefront in the hub. */
  readonly lojaHub: LojaHubResource;
  /** Sandbox simulators; with a production token every call fails before sending. */
  readonly sandbox: Sandbox;
  readonly #transport: Transport;
  #closing: Promise<void> | undefined;

  /** @throws InvalidInputError naming each bad option (missing token, http baseUrl...). */
  constructor(options?: ClientOptions) {
    const resolved = resolveOptions(options);
    // Before any call: from here on, every message and result hides this token's secret part and base64 copies.
    rememberToken(resolved.token);
    this.#transport = new Transport(resolved, openRedisBudget);
    attachTransport(this, this.#transport);
    this.environment = resolved.environment;
    this.conta = new ContaResource(this.#transport);
    this.produtos = new Produtos(this.#transport);
    this.categorias = new Categorias(this.#transport);
    this.numeracoes = new Numeracoes(this.#transport);
    this.clientes = new Clientes(this.#transport);
    this.pedidos = new Pedidos(this.#transport);
    this.financeiro = new Financeiro(this.#transport);
    this.etiquetas = new Etiquetas(this.#transport);
    this.lojaHub = new LojaHubResource(this.#transport);
    this.sandbox = new Sandbox(this.#transport);
  }

  /**
   * Releases what the client holds, so a process can end at once: the rate limiter the client made
   * (the last client of the process using it closes it; with `rateLimit: { redis }` that closes the
   * Redis connection too). A `RateLimiter` you passed stays yours to close. Calls made after this
   * fail; calls in flight finish. Calling it again waits for the same close. A script that never calls
   * it still ends when its work ends.
   */
  close(): Promise<void> {
    return (this.#closing ??= this.#transport.close());
  }

  /** The same as {@link PartnerCommerce.close}, for `await using client = new PartnerCommerce(...)`. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  /**
   * Calls any route, for operations this SDK does not wrap yet. Same pipeline as every method
   * (auth, limiter, retries, errors). `path` starts at `/v1/...`; POST and PATCH are not retried
   * after they may have reached the server unless `idempotencyKey` is given.
   */
  request<S extends StandardSchemaV1 | undefined = undefined>(
    method: HttpMethod,
    path: string,
    options?: RawRequestOptions<S>,
  ): ApiPromise<S extends StandardSchemaV1 ? NonNullable<S['~standard']['types']>['output'] : unknown> {
    const { query, body, schema, ...rest } = options ?? {};
    const prepare = () => checkSchema(schema);
    return this.#transport.call({ operation: 'request', method, route: path, rawPath: true, query, body, schema: schema, prepare, options: rest });
  }
}

/** A JavaScript caller may pass anything: refused before sending, naming the option, not a TypeError after the answer. */
function checkSchema(schema: unknown): void {
  if (schema === undefined) return;
  const standard = typeof schema === 'object' || typeof schema === 'function' ? (schema as { '~standard'?: { validate?: unknown } } | null)?.['~standard'] : undefined;
  if (typeof standard?.validate !== 'function') {
    throw new InvalidInputError({ path: 'schema', message: 'must be a Standard Schema (zod 4, valibot, arktype...: an object with `~standard.validate`)' });
  }
}
