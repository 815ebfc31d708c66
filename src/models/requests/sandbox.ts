import * as z from 'zod/mini';
import { once } from '../../internal/once.js';
import { moneySchema } from '../../money/schema.js';
import { STATUS_ETIQUETA_SIMULAVEL, STATUS_PEDIDO } from '../enums.js';
import { nonEmptyText, textUpTo } from './text.js';

// Bodies of the sandbox simulators, whose rules the spec states.

/** Body of POST /v1/sandbox/pedidos/{pedidoId}/status, as the SDK builds it: one of the seven order states. */
export const statusPedidoBodySchema = once(() => z.object({ status: z.enum(STATUS_PEDIDO) }));

/** Body of POST /v1/sandbox/etiquetas/{etiquetaId}/status, as the SDK builds it: IMPRESSA or DESPACHADA. */
export const statusEtiquetaBodySchema = once(() => z.object({ status: z.enum(STATUS_ETIQUETA_SIMULAVEL) }));

/** Body of POST /v1/sandbox/financeiro/lancamentos. */
export const lancamentoCriarBodySchema = once(() => z.looseObject({
  /** Positive is a credit, negative a debit; zero is refused (stated). */
  valor: moneySchema().check(z.refine((amount) => !amount.isZero(), 'must not be zero: a positive amount is a credit, a negative one a debit')),
  /** Statement text (stated: at most 200 characters). */
  descricao: textUpTo(200),
  /** An order of this account that originated the entry. */
  pedidoId: z.optional(nonEmptyText()),
}));

/** Body of PUT /v1/sandbox/produtos/{sku}/estoque. */
export const estoqueDefinirBodySchema = once(() => z.looseObject({
  /** A size the product already has (another answers 400 VALIDACAO). */
  numeracao: nonEmptyText(),
  /** The new stock. */
  estoque: z.int().check(z.minimum(0)),
}));
