import * as z from 'zod/mini';
import { memoByKey, once } from '../internal/once.js';
import { explainWith } from '../internal/zod-issue.js';
import { issueMessage } from './issue-message.js';
import { dadosEventoSchemas, isTipoEventoIndividual, type ItemLote } from './schemas.js';
import type { TipoEventoIndividual } from './tipos-evento.js';

/** A lote item as sent (money as strings): a known kind's `dados` plus `evento`, or anything with an `evento`. */
export type ItemLoteWire = { [K in TipoEventoIndividual]: { evento: K } & z.input<ReturnType<(typeof dadosEventoSchemas)[K]>> }[TipoEventoIndividual] | { evento: string; [campo: string]: unknown };

// Each known kind's lote item (the `dados` of its single event plus `evento`), built on first use.
const itemSchemaOf = memoByKey((kind) => z.extend(dadosEventoSchemas[kind as TipoEventoIndividual](), { evento: z.literal(kind) }));
let itemDesconhecidoSchema: z.ZodMiniObject | undefined;

/**
 * Any lote item: validated against the `dados` schema of its own kind, so a bad price in item 3 is
 * reported at `dados.itens.3.produto.precoAtacado`; an item of an unknown kind is kept as sent.
 */
const itemSchema = () =>
  z.pipe(
    z.unknown(),
    z.transform((item, ctx): ItemLote => {
      const kind = (item as { evento?: unknown } | null)?.evento;
      if (kind === 'produto.lote') {
        // Expanded, it would reach the lote handler without a lote's dados.
        ctx.issues.push({ code: 'custom', message: 'a lote item cannot itself be a produto.lote', path: ['evento'], input: item });
        return z.NEVER;
      }
      const schema = isTipoEventoIndividual(kind) ? itemSchemaOf(kind) : (itemDesconhecidoSchema ??= z.looseObject({ evento: z.string() }));
      const result = schema.safeParse(item);
      if (result.success) return result.data as ItemLote;
      // Parsed again only to word the failure (an error map slows every parse down).
      for (const issue of schema.safeParse(item, { error: explainWith(issueMessage) }).error?.issues ?? []) {
        ctx.issues.push({ code: 'custom', message: issue.message, path: issue.path, input: item });
      }
      return z.NEVER;
    }),
  ) as unknown as z.ZodMiniType<ItemLote, ItemLoteWire>; // input typed for builders of wire notices (the testing kit)

/**
 * `dados` of `produto.lote`: `{ total, itens }`, where each item is a product event that would otherwise
 * have come alone (`evento`, `produto`, and `alterados` / `anterior` when that event has them).
 */
export const loteDadosSchema = once(() => z.looseObject({ total: z.int(), itens: z.array(itemSchema()) }));

let loteConhecido: z.ZodMiniType | undefined;

/**
 * @internal {@link loteDadosSchema} for a lote whose items are all of known kinds: zod's discriminated
 * union checks every item inside one parse, half the cost of a parse per item.
 */
export function loteConhecidoDadosSchema(): z.ZodMiniType {
  if (!loteConhecido) {
    const kinds = Object.keys(dadosEventoSchemas) as TipoEventoIndividual[];
    const union = z.discriminatedUnion('evento', kinds.map((kind) => itemSchemaOf(kind)) as unknown as [z.ZodMiniObject, ...z.ZodMiniObject[]]);
    loteConhecido = z.looseObject({ total: z.int(), itens: z.array(union) });
  }
  return loteConhecido;
}

/** @internal True when every item of `dados.itens` is an object of a kind with a schema. */
export function todosItensConhecidos(dados: unknown): boolean {
  const itens = (dados as { itens?: unknown } | null)?.itens;
  if (!Array.isArray(itens)) return true; // the lote schema reports it
  for (const item of itens) {
    if (!isTipoEventoIndividual((item as { evento?: unknown } | null)?.evento)) return false;
  }
  return true;
}
