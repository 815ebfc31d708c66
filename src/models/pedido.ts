import * as z from 'zod/mini';
import { optionalField } from './optional-field.js';
import { once } from '../internal/once.js';
import { timestampSchema } from '../dates/timestamp-schema.js';
import { moneySchema } from '../money/schema.js';
import { anexoSchema } from './anexo.js';
import { openEnum, STATUS_PEDIDO } from './enums.js';
import { rastreioSchema } from './rastreio.js';
import { refSchema } from './common.js';
import { despesaSchema, itemPedidoSchema } from './pedido-operacoes.js';

/** The order summary, as order events send it (and the core of every order record). */
export const pedidoResumoSchema = once(() =>
  z.looseObject({
    id: z.string(),
    numero: z.int(),
    status: openEnum(STATUS_PEDIDO),
    total: moneySchema(),
    origem: optionalField(openEnum(['API'])),
    referenciaExterna: optionalField(z.string()),
    enviarPara: optionalField(openEnum(['CLIENTE'])),
    criadoEm: timestampSchema(),
    atualizadoEm: timestampSchema(),
    /** Only in pedido.status_alterado: the state before the change. */
    statusAnterior: optionalField(openEnum(STATUS_PEDIDO)),
  }),
);

/**
 * An order as GET /v1/pedidos/{id} and the simulators answer it. Beyond the summary the spec only
 * names items, recipient, result, tracking codes and attachments: those and the fields the local
 * sandbox sends are typed (optional, as the spec guarantees none), the rest kept as sent.
 */
export const pedidoSchema = once(() =>
  z.extend(pedidoResumoSchema(), {
    /** The customer the order is for (`{ id, nome }`), or null when none was given. */
    cliente: optionalField(refSchema()),
    rastreios: z.optional(z.array(rastreioSchema())),
    anexos: z.optional(z.array(anexoSchema())),
    itens: optionalField(z.array(itemPedidoSchema())),
    despesas: optionalField(z.array(despesaSchema())),
  }),
);

/** An order summary (the fields order events carry). */
export type PedidoResumo = z.output<ReturnType<typeof pedidoResumoSchema>>;
/** An order with whatever detail the API sends. */
export type Pedido = z.output<ReturnType<typeof pedidoSchema>>;
