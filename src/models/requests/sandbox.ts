import * as z from 'zod/mini';
import { got, shown } from '../../internal/kind-of.js';
import { once } from '../../internal/once.js';
import { STATUS_ETIQUETA_SIMULAVEL, STATUS_PEDIDO } from '../enums.js';
import { moneyInput } from './money-input.js';
import { described, nonBlankInSandbox, nonEmptyText, textUpTo } from './text.js';

// Bodies of the sandbox simulators, whose rules the spec states.

/** Body of POST /v1/sandbox/pedidos/{pedidoId}/status, as the SDK builds it: one of the seven order states. */
export const statusPedidoBodySchema = once(() => z.object({ status: described(z.enum(STATUS_PEDIDO, { error: oneOf(STATUS_PEDIDO) }), 'The new order status') }));

/** Body of POST /v1/sandbox/etiquetas/{etiquetaId}/status, as the SDK builds it: IMPRESSA or DESPACHADA. */
export const statusEtiquetaBodySchema = once(() => z.object({ status: described(z.enum(STATUS_ETIQUETA_SIMULAVEL, { error: oneOf(STATUS_ETIQUETA_SIMULAVEL) }), 'The new label status') }));

/** Body of POST /v1/sandbox/financeiro/lancamentos. */
export const lancamentoCriarBodySchema = once(() =>
  described(
    z.looseObject({
      /** Positive is a credit, negative a debit; zero is refused (stated). */
      valor: described(moneyInput({ nonZero: true }), 'Amount, a money string with two decimals: positive is a credit, negative a debit, zero refused'),
      /** Statement text (stated: required, at most 200 characters; not blank is the local sandbox's rule). */
      descricao: nonBlankInSandbox(described(textUpTo(200), 'Statement text, at most 200 characters')),
      /** An order of this account that originated the entry. */
      pedidoId: described(z.optional(nonEmptyText()), 'An order of this account that originated the entry'),
    }),
    'The ledger entry (other fields are sent as given)',
  ),
);

/** Body of PUT /v1/sandbox/produtos/{sku}/estoque. */
export const estoqueDefinirBodySchema = once(() =>
  described(
    z.looseObject({
      /** A size the product already has (another answers 400 VALIDACAO). */
      numeracao: described(nonEmptyText(), 'A size the product already has (another answers 400 VALIDACAO)'),
      /** The new stock. */
      estoque: described(nonNegativeInteger(), 'The new stock of that size, an integer >= 0'),
    }),
    'The stock of one size (other fields are sent as given)',
  ),
);

/** The words the SDK has always used for a value outside a list. */
function oneOf(values: readonly string[]): (issue: { input?: unknown }) => string {
  return (issue) => `must be one of ${values.join(', ')} (got ${shown(issue.input)})`;
}

/** An integer >= 0, in the SDK's words. */
function nonNegativeInteger(): z.ZodMiniNumber<number> {
  const message = (issue: { input?: unknown }) => `must be an integer >= 0 (got ${got(issue.input)})`;
  return z.int({ error: message }).check(z.minimum(0, { error: message }));
}
