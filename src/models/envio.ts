import * as z from 'zod/mini';
import { looseObject } from '../internal/loose-object.js';
import { built, lazySchema } from '../internal/lazy-schema.js';
import { moneySchema } from '../money/schema.js';
import { optionalField } from './optional-field.js';

/** State of the connection to the label provider (GET /v1/label-provider). Fields not shown by the spec; all kept. */
export const conexaoEtiquetasSchema = lazySchema(() => looseObject({}));

/** A label quote. Fields not shown by the spec: each option's `valor` is typed as Money when sent; all kept. */
export const cotacaoEtiquetaSchema = lazySchema(() => looseObject({
  /** The shipping options quoted. */
  opcoes: optionalField(z.array(looseObject({
    /** What the label costs. */
    valor: optionalField(built(moneySchema)),
  }))),
}));

/** State of the partner's connection to the label provider, as sent. */
export type ConexaoEtiquetas = z.output<typeof conexaoEtiquetasSchema>;
/** A label quote; each option's `valor` as Money, the rest as sent. */
export type CotacaoEtiqueta = z.output<typeof cotacaoEtiquetaSchema>;
