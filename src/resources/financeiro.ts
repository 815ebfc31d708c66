import type { Saldo } from '../models/financeiro.js';
import type { Lancamento } from '../models/lancamento.js';
import { callOperation } from '../operations/call.js';
import { FINANCEIRO_ROWS as rows } from '../operations/financeiro.js';
import type { ListarParams } from '../pagination/list-params.js';
import type { PagePromise } from '../pagination/page-promise.js';
import type { ApiPromise } from '../transport/api-promise.js';
import type { RequestOptions } from '../transport/request-options.js';
import { Resource } from './resource.js';
import type { TipoLancamento } from '../models/index.js';

/** Filters of {@link Financeiro.extrato} (the spec shows none beyond `limite` and `cursor`; extra ones pass through). */
export interface ExtratoListarParams extends ListarParams {}

/** Balance and statement. */
export class Financeiro extends Resource {
  /** The partner's balance (GET /v1/financeiro/saldo). */
  saldo(options?: RequestOptions): ApiPromise<Saldo> {
    return callOperation(this.transport, rows.financeiroSaldo, {}, options);
  }

  /** The statement of credits and debits (GET /v1/financeiro/extrato), page by page; `valor` > 0 is a credit. */
  extrato(params?: ExtratoListarParams, options?: RequestOptions): PagePromise<Lancamento> {
    return callOperation(this.transport, rows.financeiroExtrato, params, options);
  }
}

/** Balance and statement: `client.financeiro` (this class), its records and parameters. */
export declare namespace Financeiro {
  export { type Saldo as Saldo, type Lancamento as Lancamento, type TipoLancamento as TipoLancamento, type ExtratoListarParams as ExtratoListarParams };
}
