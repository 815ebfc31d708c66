import * as z from 'zod/mini';
import { memoByKey } from '../internal/once.js';
import { loteConhecidoDadosSchema, loteDadosSchema, todosItensConhecidos } from './lote-schema.js';
import { dadosEventoSchemas, envelopeShape, isTipoEventoIndividual } from './schemas.js';
import type { TipoEventoIndividual } from './tipos-evento.js';

const evento = (kind: string, dados: z.ZodMiniType) => z.looseObject({ ...envelopeShape(), evento: z.literal(kind), dados });

// Built on first use, per kind: a receiver that only sees order events never builds the product ones.
const individual = memoByKey((kind) => evento(kind, dadosEventoSchemas[kind as TipoEventoIndividual]()));
let loteSchema: z.ZodMiniType | undefined;
let loteConhecidoSchema: z.ZodMiniType | undefined;

/** The envelope of an event of a kind the SDK does not know: `dados` must be an object, kept as sent. */
let desconhecidoSchema: z.ZodMiniType | undefined;
const desconhecido = () => (desconhecidoSchema ??= z.looseObject({ ...envelopeShape(), evento: z.string(), dados: z.record(z.string(), z.unknown()) }));

/** @internal The schema to check a notice with, chosen by its `evento` (one parse, no union to try). */
export function eventoSchemaFor(value: { evento?: unknown; dados?: unknown }): z.ZodMiniType {
  const kind = value.evento;
  if (typeof kind !== 'string') return desconhecido();
  if (kind === 'produto.lote') {
    return todosItensConhecidos(value.dados) ? (loteConhecidoSchema ??= evento(kind, loteConhecidoDadosSchema())) : (loteSchema ??= evento(kind, loteDadosSchema()));
  }
  return isTipoEventoIndividual(kind) ? individual(kind) : desconhecido();
}
