import * as z from 'zod/mini';
import { once } from '../../internal/once.js';
import { described } from './text.js';

/** Body of POST /v1/etiquetas/cotacoes (a quote): no field is shown by the spec. */
export const etiquetaCotarBodySchema = once(() => described(z.looseObject({}), 'The quote request (not shown by the spec; sent as given)'));

/** Body of POST /v1/etiquetas (issue a label): no field is shown by the spec. */
export const etiquetaEmitirBodySchema = once(() => described(z.looseObject({}), 'The label to issue (not shown by the spec; sent as given)'));
