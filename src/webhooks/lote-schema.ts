import * as z from 'zod';
import { issueMessage } from './issue-message.js';
import { dadosEventoSchemas, type ItemLote, type TipoEventoIndividual } from './schemas.js';

/** A lote item as sent (money as strings): a known kind's `dados` plus `evento`, or anything with an `evento`. */
export type ItemLoteWire =
  | { [K in TipoEventoIndividual]: { evento: K } & z.input<(typeof dadosEventoSchemas)[K]> }[TipoEventoIndividual]
  | { evento: string; [campo: string]: unknown };

/** Each known kind's lote item: the `dados` of its single event plus `evento`. */
const itemSchemas = new Map<string, z.ZodType>(
  Object.entries(dadosEventoSchemas).map(([kind, schema]) => [kind, schema.extend({ evento: z.literal(kind) })]),
);
const itemDesconhecidoSchema = z.looseObject({ evento: z.string() });

/**
 * Any lote item: validated against the `dados` schema of its own kind, so a bad price in item 3 is
 * reported at `dados.itens.3.produto.precoAtacado`; an item of an unknown kind is kept as sent.
 */
const itemSchema = z.unknown().transform((item, ctx): ItemLote => {
  const kind = (item as { evento?: unknown } | null)?.evento;
  if (kind === 'produto.lote') {
    // Expanded, it would reach the lote handler without a lote's dados.
    ctx.issues.push({ code: 'custom', message: 'a lote item cannot itself be a produto.lote', path: ['evento'], input: item });
    return z.NEVER;
  }
  const schema = (typeof kind === 'string' && itemSchemas.get(kind)) || itemDesconhecidoSchema;
  const result = schema.safeParse(item);
  if (result.success) return result.data as ItemLote;
  // Parsed again only to word the failure (an error map slows every parse down).
  for (const issue of schema.safeParse(item, { error: issueMessage }).error?.issues ?? []) {
    ctx.issues.push({ code: 'custom', message: issue.message, path: issue.path, input: item });
  }
  return z.NEVER;
}) as unknown as z.ZodType<ItemLote, ItemLoteWire>; // input typed for builders of wire notices (the testing kit)

/**
 * The same check when every item's kind is known (the usual case), done by zod's discriminated union
 * inside one parse: half the cost of a parse per item.
 */
const itemConhecidoSchema = z.discriminatedUnion('evento', [...itemSchemas.values()] as unknown as [z.ZodObject, ...z.ZodObject[]]);

/**
 * `dados` of `produto.lote`: `{ total, itens }`, where each item is a product event that would otherwise
 * have come alone (`evento`, `produto`, and `alterados` / `anterior` when that event has them).
 */
export const loteDadosSchema = z.looseObject({ total: z.int(), itens: z.array(itemSchema) });

/** @internal {@link loteDadosSchema} for a lote whose items are all of known kinds. */
export const loteConhecidoDadosSchema: z.ZodType = z.looseObject({ total: z.int(), itens: z.array(itemConhecidoSchema) });

/** @internal True when every item of `dados.itens` is an object of a kind with a schema. */
export function todosItensConhecidos(dados: unknown): boolean {
  const itens = (dados as { itens?: unknown } | null)?.itens;
  if (!Array.isArray(itens)) return true; // the lote schema reports it
  for (const item of itens) {
    const kind = (item as { evento?: unknown } | null)?.evento;
    if (typeof kind !== 'string' || !itemSchemas.has(kind)) return false;
  }
  return true;
}
