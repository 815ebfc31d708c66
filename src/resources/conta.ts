import type { Conta, Eu } from '../models/conta.js';
import { callOperation } from '../operations/call.js';
import { CONTA_ROWS as rows } from '../operations/conta.js';
import type { ApiPromise } from '../transport/api-promise.js';
import type { RequestOptions } from '../transport/request-options.js';
import { Resource } from './resource.js';

/** The partner's account and the integration behind the token. */
export class ContaResource extends Resource {
  /** The partner's account (GET /v1/conta); `fichaCompleta` says whether the profile record is complete. */
  obter(options?: RequestOptions): ApiPromise<Conta> {
    return callOperation(this.transport, rows.contaObter, {}, options);
  }

  /** The integration the token belongs to (GET /v1/eu). */
  eu(options?: RequestOptions): ApiPromise<Eu> {
    return callOperation(this.transport, rows.contaEu, {}, options);
  }
}
