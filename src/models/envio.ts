import * as z from 'zod/mini';
import { looseObject } from '../internal/loose-object.js';
import { lazySchema } from '../internal/lazy-schema.js';

/** State of the connection to the label provider (GET /v1/label-provider). Fields not shown by the spec; all kept. */
export const conexaoEtiquetasSchema = lazySchema(() => looseObject({}));

/** A label quote. Fields not shown by the spec; all kept. */
export const cotacaoEtiquetaSchema = lazySchema(() => looseObject({}));

/** State of the partner's connection to the label provider, as sent. */
export type ConexaoEtiquetas = z.output<typeof conexaoEtiquetasSchema>;
/** A label quote, as sent. */
export type CotacaoEtiqueta = z.output<typeof cotacaoEtiquetaSchema>;
