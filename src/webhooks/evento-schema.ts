import * as z from 'zod/mini';
import { looseObject } from '../internal/loose-object.js';
import { built } from '../internal/lazy-schema.js';
import { loteConhecidoDadosSchema, loteDadosSchema, todosItensConhecidos } from './lote-schema.js';
import { dadosEventoSchemas, envelopeShape, type TipoEventoIndividual } from './schemas.js';

// Built on first use, per kind: a receiver that only sees order events never builds the
// product ones.
const cache = new Map<string, z.ZodMiniType>();

function memo(key: string, build: () => z.ZodMiniType): z.ZodMiniType {
  let schema = cache.get(key);
  if (!schema) cache.set(key, (schema = build()));
  return schema;
}

/** The envelope with the real schemas (not the lazy ones), so a parse never goes through a proxy. */
const envelope = () => ({ id: built(envelopeShape.id), criadoEm: built(envelopeShape.criadoEm), ambiente: built(envelopeShape.ambiente), integracao: built(envelopeShape.integracao) });

const evento = (kind: string, dados: z.ZodMiniType) => looseObject({ ...envelope(), evento: z.literal(kind), dados: built(dados) });

/** The envelope of an event of a kind the SDK does not know: `dados` must be an object, kept as sent. */
let desconhecidoSchema: z.ZodMiniType | undefined;
const desconhecido = () => (desconhecidoSchema ??= looseObject({ ...envelope(), evento: z.string(), dados: z.record(z.string(), z.unknown()) }));

/** @internal The schema to check a notice with, chosen by its `evento` (one parse, no union to try). */
export function eventoSchemaFor(value: { evento?: unknown; dados?: unknown }): z.ZodMiniType {
  const kind = value.evento;
  if (typeof kind !== 'string') return desconhecido();
  if (kind === 'produto.lote') {
    return todosItensConhecidos(value.dados)
      ? memo('produto.lote (itens conhecidos)', () => evento(kind, loteConhecidoDadosSchema()))
      : memo(kind, () => evento(kind, loteDadosSchema));
  }
  // An own key only: "__proto__" or "constructor" are unknown kinds, not Object.prototype's members.
  if (!Object.hasOwn(dadosEventoSchemas, kind)) return desconhecido();
  return memo(kind, () => evento(kind, dadosEventoSchemas[kind as TipoEventoIndividual]));
}
