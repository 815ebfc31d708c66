import * as z from 'zod/mini';
import { optionalField } from './optional-field.js';
import { once } from '../internal/once.js';

/**
 * An `{ id, nome }` item, as in `categorias`, `estilos` and `tags` of a product. Fields the SDK does
 * not know yet are kept, as the API may add them at any time.
 */
export const refSchema = once(() =>
  z.looseObject({
    id: z.string(),
    nome: optionalField(z.string()),
  }),
);

/** An `{ id, nome }` item (category, style, tag). */
export type Referencia = z.output<ReturnType<typeof refSchema>>;
