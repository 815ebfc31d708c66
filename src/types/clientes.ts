import type { Clientes as ClientesType, ClienteCriarParams, ClienteAtualizarParams, ClienteListarParams } from '../resources/clientes.js';
import type { Cliente, ClienteResumo } from '../models/index.js';

/** The partner's customers: `client.clientes` (this type), its records and parameters. */
export type Clientes = ClientesType;

/** The partner's customers: `client.clientes` (this type), its records and parameters. */
export declare namespace Clientes {
  export {
    type Cliente as Cliente,
    type ClienteResumo as ClienteResumo,
    type ClienteCriarParams as ClienteCriarParams,
    type ClienteAtualizarParams as ClienteAtualizarParams,
    type ClienteListarParams as ClienteListarParams,
  };
}
