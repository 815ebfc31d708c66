import * as z from 'zod/mini';
import { once } from '../internal/once.js';
import { moneySchema } from '../money/schema.js';
import { optionalField } from './optional-field.js';

/** State of the connection to the label provider (GET /v1/label-provider). Fields not shown by the spec; all kept. */
export const conexaoEtiquetasSchema = once(() => z.looseObject({}));

/** A label quote. Fields not shown by the spec: each option's `valor` is typed as Money when sent; all kept. */
export const cotacaoEtiquetaSchema = once(() => z.looseObject({
  /** The shipping options quoted. */
  opcoes: optionalField(z.array(z.looseObject({
    /** What the label costs. */
    valor: optionalField(moneySchema()),
  }))),
}));

/** State of the partner's connection to the label provider, as sent. */
export type ConexaoEtiquetas = z.output<ReturnType<typeof conexaoEtiquetasSchema>>;
/** A label quote; each option's `valor` as Money, the rest as sent. */
export type CotacaoEtiqueta = z.output<ReturnType<typeof cotacaoEtiquetaSchema>>;
