import * as z from 'zod/mini';
import { once } from '../internal/once.js';
import { moneySchema } from '../money/schema.js';
import { pedidoRefSchema } from './etiqueta.js';
import { optionalField } from './optional-field.js';

// The spec shows neither record: the fields typed are those the local sandbox sends, each optional.

/** State of the connection to the label provider (GET /v1/label-provider); all fields kept. */
export const conexaoEtiquetasSchema = once(() =>
  z.looseObject({
    /** Whether a label-provider account is connected (else LABEL_PROVIDER_NOT_CONNECTED on quotes and labels). */
    conectado: optionalField(z.boolean()),
    /** The provider's environment the connection is in. */
    ambiente: optionalField(z.string()),
  }),
);

/** A label quote; all fields kept. */
export const cotacaoEtiquetaSchema = once(() =>
  z.looseObject({
    /** The order quoted (`{ id, numero }`). */
    pedido: optionalField(pedidoRefSchema()),
    /** The shipping options quoted. */
    opcoes: optionalField(
      z.array(
        z.looseObject({
          /** The service, whose `id` is the `servicoId` to issue a label with. */
          servico: optionalField(z.looseObject({ id: z.int(), nome: optionalField(z.string()) })),
          transportadora: optionalField(z.string()),
          /** What the label costs. */
          valor: optionalField(moneySchema()),
          /** Delivery time in days. */
          prazoDias: optionalField(z.int()),
        }),
      ),
    ),
  }),
);

/** State of the partner's connection to the label provider, as sent. */
export type ConexaoEtiquetas = z.output<ReturnType<typeof conexaoEtiquetasSchema>>;
/** A label quote; each option's `valor` as Money, the rest as sent. */
export type CotacaoEtiqueta = z.output<ReturnType<typeof cotacaoEtiquetaSchema>>;
