import * as z from 'zod/mini';
import { optionalField } from './optional-field.js';
import { once } from '../internal/once.js';
import { timestampSchema } from '../dates/timestamp-schema.js';
import { moneySchema } from '../money/schema.js';
import { openEnum, STATUS_ETIQUETA } from './enums.js';

/** `{ id, numero }` of the order a record belongs to. */
export const pedidoRefSchema = once(() => z.looseObject({ id: z.string(), numero: z.int() }));

/** A shipping label. */
export const etiquetaSchema = once(() =>
  z.looseObject({
    id: z.string(),
    pedido: pedidoRefSchema(),
    servico: optionalField(z.looseObject({ id: z.int(), nome: optionalField(z.string()) })),
    transportadora: optionalField(z.string()),
    valor: moneySchema(),
    status: openEnum(STATUS_ETIQUETA),
    rastreio: optionalField(z.string()),
    emitidaEm: timestampSchema(),
    impressaEm: z.nullable(timestampSchema()),
    despachadaEm: z.nullable(timestampSchema()),
    canceladaEm: z.nullable(timestampSchema()),
    atualizadoEm: timestampSchema(),
    /** Only in etiqueta.status_alterado: the state before the change. */
    statusAnterior: optionalField(openEnum(STATUS_ETIQUETA)),
  }),
);

/** `{ id, numero }` of an order. */
export type PedidoRef = z.output<ReturnType<typeof pedidoRefSchema>>;
/** A shipping label. */
export type Etiqueta = z.output<ReturnType<typeof etiquetaSchema>>;
