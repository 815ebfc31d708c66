import type { Conta as ContaType, Eu } from '../models/index.js';
import type { ContaResource } from '../resources/conta.js';

/** The account: the `Conta` record (this type), `Eu` and `client.conta` (`Conta.ContaResource`). */
export type Conta = ContaType;

/** The account: the `Conta` record (this type), `Eu` and `client.conta` (`Conta.ContaResource`). */
export declare namespace Conta {
  export {
    type Eu as Eu,
    type ContaResource as ContaResource,
  };
}
