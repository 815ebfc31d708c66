import type * as z from 'zod/mini';
import { eventoSchemaFor } from '../webhooks/evento-schema.js';
import { TIPOS_EVENTO, type TipoEvento } from '../webhooks/tipos-evento.js';

/** `pedido.status_alterado` -> `EventoPedidoStatusAlterado`: a component name (letters only). */
export function eventComponentName(kind: TipoEvento): string {
  return `Evento${kind
    .split(/[._]/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('')}`;
}

/**
 * The notice of every event kind of the spec, in the spec's order: the SDK's own webhook schemas, so
 * the document describes what `parseWebhook` accepts. For `produto.lote` the schema of a lote whose
 * items are all of known kinds (an empty `itens` selects it): its zod union of items is written as a
 * `oneOf` over every kind an item may carry, items with only `evento` and `produto` and items that
 * also carry `alterados` and `anterior`, the two formats of the spec's rule 2.
 */
export function eventSchemas(): readonly (readonly [kind: TipoEvento, schema: z.ZodMiniType])[] {
  return TIPOS_EVENTO.map((kind) => [kind, eventoSchemaFor({ evento: kind, dados: { itens: [] } })] as const);
}
