import * as z from 'zod';
import { loteConhecidoDadosSchema, loteDadosSchema, todosItensConhecidos } from './lote-schema.js';
import { dadosEventoSchemas, envelopeShape } from './schemas.js';

const evento = (kind: string, dados: z.ZodType) => z.looseObject({ ...envelopeShape, evento: z.literal(kind), dados });

/** Full event schemas by kind, the envelope included. A Map, so "__proto__" or "constructor" find nothing. */
const eventoSchemas = new Map<string, z.ZodType>(Object.entries(dadosEventoSchemas).map(([kind, dados]) => [kind, evento(kind, dados)]));
const loteSchema = evento('produto.lote', loteDadosSchema);
const loteConhecidoSchema = evento('produto.lote', loteConhecidoDadosSchema);

/** The envelope of an event of a kind the SDK does not know: `dados` must be an object, kept as sent. */
const eventoDesconhecidoSchema = z.looseObject({ ...envelopeShape, evento: z.string(), dados: z.record(z.string(), z.unknown()) });

/** @internal The schema to check a notice with, chosen by its `evento` (one parse, no union to try). */
export function eventoSchemaFor(value: { evento?: unknown; dados?: unknown }): z.ZodType {
  const kind = value.evento;
  if (typeof kind !== 'string') return eventoDesconhecidoSchema;
  if (kind === 'produto.lote') return todosItensConhecidos(value.dados) ? loteConhecidoSchema : loteSchema;
  return eventoSchemas.get(kind) ?? eventoDesconhecidoSchema;
}
