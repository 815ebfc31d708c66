import * as z from 'zod/mini';
import type * as core from 'zod/v4/core';

/**
 * A field that is not essential to its record: the server may leave it out or send `null` for "no
 * value" (an order made in the panel has no `referenciaExterna`, a product outside the partner's store
 * no `precoAtual`). `null` is kept as sent, not turned into `undefined`, so a record read from the API
 * and written back, or compared with a webhook's copy, stays what the server said.
 *
 * The one rule of the models: **essential** fields are ids, `numero`, `sku`, status fields,
 * timestamps and the amounts that define a record (an order's `total`, an entry's `valor`, a
 * product's `precoAtacado`); they are required and never null. **Every other field** (names and
 * descriptions, `referenciaExterna`, `origem`, `enviarPara`, `imagem`, `precoAtual`, carrier names,
 * file details...) is typed `T | null | undefined` with this helper.
 */
export function optionalField<T extends core.SomeType>(schema: T): z.ZodMiniOptional<z.ZodMiniNullable<T>> {
  return z.optional(z.nullable(schema));
}
