import * as z from 'zod/mini';
import { looseObject } from '../internal/loose-object.js';
import { optionalField } from './optional-field.js';
import { lazySchema } from '../internal/lazy-schema.js';

/**
 * An `{ id, nome }` item, as in `categorias`, `estilos` and `tags` of a product. Fields the SDK does
 * not know yet are kept, as the API may add them at any time.
 */
export const refSchema = lazySchema(() => looseObject({
  id: z.string(),
  nome: optionalField(z.string()),
}));

/** An `{ id, nome }` item (category, style, tag). */
export type Referencia = z.output<typeof refSchema>;
