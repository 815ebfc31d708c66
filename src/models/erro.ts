import * as z from 'zod/mini';
import { once } from '../internal/once.js';
import { pedidoResumoSchema } from './pedido.js';

/** @internal One item ITENS_INDISPONIVEIS lists: the spec names its three fields. */
export const itemIndisponivelSchema = once(() =>
  z.looseObject({
    /** Position of the item in the `itens` of the body sent. */
    indice: z.int(),
    /** Why it cannot be sold now. */
    motivo: z.optional(z.string()),
    /** Pairs available now. */
    disponivel: z.optional(z.int()),
  }),
);

/**
 * The body of every API error: `{ erro: { codigo, mensagem, detalhes, requestId, doc, ... } }`. The
 * fields some codes add beside `codigo` (the spec's Errors > Format) are typed, optional: the other
 * codes do not carry them.
 */
export const erroBodySchema = once(() =>
  z.looseObject({
    erro: z.looseObject({
      codigo: z.string(),
      mensagem: z.string(),
      /** One item per problem; the spec shows the field and the problem, not their layout. */
      detalhes: z.array(z.looseObject({ campo: z.optional(z.string()), mensagem: z.optional(z.string()) })),
      requestId: z.string(),
      doc: z.string(),
      /** ESCOPO_INSUFICIENTE: the permission the integration lacks. */
      escopoNecessario: z.optional(z.string()),
      /** ITENS_INDISPONIVEIS: the items that cannot be sold now; nothing was created. */
      itens: z.optional(z.array(itemIndisponivelSchema())),
      /** REFERENCIA_EXTERNA_DUPLICADA: the order that already has this `referenciaExterna` (its summary, as the sandbox sends it); fetch it, do not retry. */
      pedido: z.optional(z.extend(z.partial(pedidoResumoSchema()), { id: z.string() })),
    }),
  }),
);

/** The body of an API error, as sent. */
export type ErroBody = z.output<ReturnType<typeof erroBodySchema>>;
