import type * as z from 'zod/mini';
import type { contaSchema } from '../models/conta.js';
import type { Eu } from '../models/index.js';
import type { ContaResource } from '../resources/conta.js';

/** The account: the `Conta` record (this type), `Eu` and `client.conta` (`Conta.ContaResource`). */
// Spelled as the record itself is, so the reference documentation shows its fields.
export type Conta = z.output<ReturnType<typeof contaSchema>>;

/** The account: the `Conta` record (this type), `Eu` and `client.conta` (`Conta.ContaResource`). */
export declare namespace Conta {
  export { type Eu as Eu, type ContaResource as ContaResource };
}
