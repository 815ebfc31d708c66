import type { Etiquetas as EtiquetasType, EtiquetaCotarParams, EtiquetaEmitirParams, EtiquetaListarParams } from '../resources/etiquetas.js';
import type { Etiqueta, StatusEtiqueta, PedidoRef, CotacaoEtiqueta, ConexaoEtiquetas } from '../models/index.js';

/** Shipping labels: `client.etiquetas` (this type), its records and parameters. */
export type Etiquetas = EtiquetasType;

/** Shipping labels: `client.etiquetas` (this type), its records and parameters. */
export declare namespace Etiquetas {
  export {
    type Etiqueta as Etiqueta,
    type StatusEtiqueta as StatusEtiqueta,
    type PedidoRef as PedidoRef,
    type CotacaoEtiqueta as CotacaoEtiqueta,
    type ConexaoEtiquetas as ConexaoEtiquetas,
    type EtiquetaCotarParams as EtiquetaCotarParams,
    type EtiquetaEmitirParams as EtiquetaEmitirParams,
    type EtiquetaListarParams as EtiquetaListarParams,
  };
}
