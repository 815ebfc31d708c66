import * as z from 'zod/mini';
import { once } from '../../internal/once.js';

/** Body of POST /v1/etiquetas/cotacoes (a quote): no field is shown by the spec. */
export const etiquetaCotarBodySchema = once(() => z.looseObject({}));

/** Body of POST /v1/etiquetas (issue a label): no field is shown by the spec. */
export const etiquetaEmitirBodySchema = once(() => z.looseObject({}));
