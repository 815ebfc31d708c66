import type { Financeiro as FinanceiroType, ExtratoListarParams } from '../resources/financeiro.js';
import type { Saldo, Lancamento, TipoLancamento } from '../models/index.js';

/** Balance and statement: `client.financeiro` (this type), its records and parameters. */
export type Financeiro = FinanceiroType;

/** Balance and statement: `client.financeiro` (this type), its records and parameters. */
export declare namespace Financeiro {
  export {
    type Saldo as Saldo,
    type Lancamento as Lancamento,
    type TipoLancamento as TipoLancamento,
    type ExtratoListarParams as ExtratoListarParams,
  };
}
