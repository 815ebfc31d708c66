import type { Cliente } from '../models/cliente.js';
import { callOperation } from '../operations/call.js';
import { CLIENTES_ROWS as rows } from '../operations/clientes.js';
import type { ListarParams } from '../pagination/list-params.js';
import type { PagePromise } from '../pagination/page-promise.js';
import type { ApiPromise } from '../transport/api-promise.js';
import type { RequestOptions } from '../transport/request-options.js';
import { Resource } from './resource.js';
import type { ClienteResumo } from '../models/index.js';

/** Filters of {@link Clientes.listar} (the spec shows none beyond `limite` and `cursor`; extra ones pass through). */
export interface ClienteListarParams extends ListarParams {}

/**
 * Body of {@link Clientes.criar}. The spec does not show the customer record; it names the field
 * paths `nome`, `whatsapp`, `endereco.cep` and `endereco.rua`. Every field is sent as given.
 */
export interface ClienteCriarParams {
  /** Customer name. */
  nome?: string | undefined;
  /** WhatsApp contact; `null` clears it on {@link Clientes.atualizar}. */
  whatsapp?: string | null | undefined;
  /** Address; `cep` and `rua` are named by the spec, other fields pass through; `null` clears it on {@link Clientes.atualizar}. */
  endereco?: { cep?: string | undefined; rua?: string | undefined; [campo: string]: unknown } | null | undefined;
  /** Fields the SDK does not type; sent untouched. */
  [campo: string]: unknown;
}

/** Body of {@link Clientes.atualizar}: the fields to change, as in {@link ClienteCriarParams}. */
export interface ClienteAtualizarParams extends ClienteCriarParams {}

/** The partner's customer book. */
export class Clientes extends Resource {
  /** Lists the customers (GET /v1/clientes), page by page. */
  listar(params?: ClienteListarParams, options?: RequestOptions): PagePromise<Cliente> {
    return callOperation(this.transport, rows.clientesListar, params, options);
  }

  /** One customer (GET /v1/clientes/{id}); a removed customer answers 404 NAO_ENCONTRADO. */
  obter(id: string, options?: RequestOptions): ApiPromise<Cliente> {
    return callOperation(this.transport, rows.clientesObter, { id }, options);
  }

  /**
   * Adds a customer (POST /v1/clientes). Sent without Idempotency-Key (the spec requires one only for
   * orders and labels), so it is not retried once it may have reached the server; pass
   * `idempotencyKey` to make retries safe.
   */
  criar(body: ClienteCriarParams, options?: RequestOptions): ApiPromise<Cliente> {
    return callOperation(this.transport, rows.clientesCriar, { body }, options);
  }

  /** Changes fields of a customer (PATCH /v1/clientes/{id}); fields not sent stay as they are. */
  atualizar(id: string, body: ClienteAtualizarParams, options?: RequestOptions): ApiPromise<Cliente> {
    return callOperation(this.transport, rows.clientesAtualizar, { id, body }, options);
  }

  /** Removes a customer from the book (DELETE /v1/clientes/{id}); orders already made keep their address. */
  remover(id: string, options?: RequestOptions): ApiPromise<void> {
    return callOperation(this.transport, rows.clientesRemover, { id }, options);
  }
}

/** The partner's customers: `client.clientes` (this class), its records and parameters. */
export declare namespace Clientes {
  export {
    type Cliente as Cliente,
    type ClienteResumo as ClienteResumo,
    type ClienteCriarParams as ClienteCriarParams,
    type ClienteAtualizarParams as ClienteAtualizarParams,
    type ClienteListarParams as ClienteListarParams,
  };
}
