import { contaSchema, euSchema, type Conta, type Eu } from '../models/conta.js';
import type { ApiPromise } from '../transport/api-promise.js';
import type { RequestOptions } from '../transport/request-options.js';
import { Resource } from './resource.js';

/** The partner's account and the integration behind the token. */
export class ContaResource extends Resource {
  /** The partner's account (GET /v1/conta); `fichaCompleta` says whether the profile record is complete. */
  obter(options?: RequestOptions): ApiPromise<Conta> {
    return this.transport.call({ operation: 'conta.obter', method: 'GET', route: '/v1/conta', schema: contaSchema(), options });
  }

  /** The integration the token belongs to (GET /v1/eu). */
  eu(options?: RequestOptions): ApiPromise<Eu> {
    return this.transport.call({ operation: 'conta.eu', method: 'GET', route: '/v1/eu', schema: euSchema(), options });
  }
}
