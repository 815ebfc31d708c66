import type { Numeracoes as NumeracoesType, NumeracaoListarParams } from '../resources/catalogo.js';
import type { Numeracao } from '../models/index.js';

/** Sizes: `client.numeracoes` (this type), its record and parameters. */
export type Numeracoes = NumeracoesType;

/** Sizes: `client.numeracoes` (this type), its record and parameters. */
export declare namespace Numeracoes {
  export {
    type Numeracao as Numeracao,
    type NumeracaoListarParams as NumeracaoListarParams,
  };
}
