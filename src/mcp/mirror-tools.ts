import * as z from 'zod/mini';
import { checkOptions } from '../errors/check-options.js';
import type { Mirror, MirroredProduct } from '../mirror/mirror.js';
import { encodeInput } from '../operations/call.js';
import type { Operation } from '../operations/operation.js';
import { MIRROR_ANNOTATIONS } from './annotations.js';
import { errorBody } from './error-body.js';
import { DEFAULT_TOOL_PAGE, inputSchemaOf } from './operation-tool.js';
import { FIELDS_PROPERTY } from './projected-tool.js';
import { outputSchemaOf, withNothingRequired } from './output-schema.js';
import { inputJsonSchema, toolName, type McpTool } from './tool.js';
import { toolResult, type ToolResult } from './tool-result.js';

/** @internal The tools only a mirror has, by the id `execute` takes, with what they do. */
export const MIRROR_ENTRIES = [
  {
    id: 'mirror.catalog',
    summary: `Products of the local catalog mirror in change order (oldest change first), ONE page at a time: dados, proximoCursor, temMais; limite defaults to ${DEFAULT_TOOL_PAGE} (1 to 100). Zero API calls.`,
  },
  {
    id: 'mirror.status',
    summary: 'Health of the local catalog mirror: watermark, lagMs (how long since it caught up), counts, last backfill and follow, products set aside. Zero API calls.',
  },
] as const;

/** The operations a mirror answers: by the row's id, with the product it holds. */
export const MIRRORED_OPERATIONS = ['produtos.obter', 'produtos.estoque'] as const;

const catalogInput = () =>
  z.strictObject({
    cursor: z.optional(z.string().check(z.regex(/^\d{1,15}$/, 'must be a proximoCursor from an earlier page of mirror_catalog'))),
    limite: z.optional(z.int().check(z.minimum(1), z.maximum(100))),
  });

const noInput = () => z.strictObject({});

const catalogInputSchema = () => {
  const schema = inputJsonSchema(catalogInput());
  return { ...schema, properties: { ...(schema['properties'] as Record<string, unknown>), fields: FIELDS_PROPERTY } };
};

/** A page of mirrored products: the product's wire form, with the mirror's own two fields. */
function catalogOutputSchema(rows: ReadonlyMap<string, Operation>): Record<string, unknown> {
  const product = rows.get('produtos.obter')?.response?.();
  const item = product ? withNothingRequired(inputJsonSchema(product)) : { type: 'object' };
  return {
    type: 'object',
    properties: { dados: { type: 'array', items: item }, proximoCursor: { type: ['string', 'null'] }, temMais: { type: 'boolean' }, source: { const: 'mirror' }, mirror: { type: 'object' } },
    required: ['dados', 'proximoCursor', 'temMais', 'source'],
  };
}

/** How fresh the mirror is: what a model must say when it answers from it. */
async function freshness(mirror: Mirror): Promise<Record<string, unknown>> {
  const status = await mirror.status();
  return { watermark: status.watermark, lagMs: status.lagMs, lastPosition: status.lastPosition };
}

async function guarded(work: () => Promise<ToolResult>): Promise<ToolResult> {
  try {
    return await work();
  } catch (err) {
    return toolResult(errorBody(err), true);
  }
}

const notFound = (sku: string, fresh: Record<string, unknown>): ToolResult =>
  toolResult(
    {
      codigo: 'NAO_ENCONTRADO',
      mensagem: `the mirror holds no product ${JSON.stringify(sku)}`,
      fix: 'Check the sku (mirror_catalog lists what the mirror holds); a product created after the watermark appears at the next follow.',
      source: 'mirror',
      mirror: fresh,
    },
    true,
  );

function stockOf({ product }: MirroredProduct): Record<string, unknown> {
  return { sku: product.sku, ativo: product.ativo, numeracoes: product.numeracoes, atualizadoEm: product.atualizadoEm };
}

/**
 * @internal The tools a mirror answers at zero API calls: `produtos_obter` and `produtos_estoque` (in
 * place of their API rows, with the same input), `mirror_catalog` (the products in change order, one
 * page at a time) and `mirror_status`. Each result says `source: 'mirror'` and how fresh it is.
 */
export function mirrorTools(mirror: Mirror, rows: ReadonlyMap<string, Operation>): McpTool[] {
  const bySku = (id: (typeof MIRRORED_OPERATIONS)[number], summary: string, answer: (p: MirroredProduct) => unknown): McpTool => {
    const row = rows.get(id);
    if (row === undefined) throw new Error(`OPERATIONS has no row ${id}`); // a bug of ours: both rows are in the table
    return {
      name: toolName(id),
      description: `${summary} Answered from the local catalog mirror at zero API calls; the result gives its watermark and lagMs.`,
      inputSchema: inputSchemaOf(row),
      outputSchema: outputSchemaOf(row),
      annotations: MIRROR_ANNOTATIONS,
      run: (args) =>
        guarded(async () => {
          // The SDK's own check and words: the row's input, as the tool of the same operation takes it.
          const { sku } = encodeInput(row, args, toolName(row.id)) as { sku: string };
          const [found, fresh] = await Promise.all([mirror.product(sku), freshness(mirror)]);
          if (found === undefined) return notFound(sku, fresh);
          return toolResult({ result: answer(found), source: 'mirror', mirror: { ...fresh, active: found.active, missingSince: found.missingSince } });
        }),
    };
  };
  return [
    bySku('produtos.obter', 'One product with prices and the stock of every size.', (p) => p.product),
    bySku('produtos.estoque', 'The stock of every size of one product.', stockOf),
    {
      name: 'mirror_catalog',
      description: MIRROR_ENTRIES[0].summary,
      inputSchema: catalogInputSchema(),
      outputSchema: catalogOutputSchema(rows),
      annotations: MIRROR_ANNOTATIONS,
      run: (args) =>
        guarded(async () => {
          const { cursor, limite = DEFAULT_TOOL_PAGE } = checkOptions(catalogInput, args, 'the mirror_catalog tool');
          // One more than asked: whether another page follows, without a second read.
          const rowsRead = await mirror.changedSince(cursor === undefined ? 0 : Number(cursor), limite + 1);
          const page = rowsRead.slice(0, limite);
          const temMais = rowsRead.length > limite;
          const last = page.at(-1);
          return toolResult({
            dados: page.map((p) => ({ ...p.product, active: p.active, missingSince: p.missingSince })),
            proximoCursor: temMais && last ? String(last.position) : null,
            temMais,
            source: 'mirror',
            mirror: await freshness(mirror),
          });
        }),
    },
    {
      name: 'mirror_status',
      description: MIRROR_ENTRIES[1].summary,
      inputSchema: { type: 'object', properties: { fields: FIELDS_PROPERTY }, additionalProperties: false },
      outputSchema: { type: 'object', properties: { result: { type: 'object' }, source: { const: 'mirror' } }, required: ['result', 'source'] },
      annotations: MIRROR_ANNOTATIONS,
      run: (args) =>
        guarded(async () => {
          checkOptions(noInput, args, 'the mirror_status tool');
          return toolResult({ result: await mirror.status(), source: 'mirror' });
        }),
    },
  ];
}
