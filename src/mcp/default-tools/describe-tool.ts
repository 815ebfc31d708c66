import * as z from 'zod/mini';
import { checkOptions } from '../../errors/check-options.js';
import { once } from '../../internal/once.js';
import type { Operation } from '../../operations/operation.js';
import { proseOf } from '../../operations/prose/prose-of.js';
import { errorBody, fixFor } from '../error-body.js';
import { MIRRORED_OPERATIONS } from '../mirror-tools.js';
import { inputSchemaOf } from '../operation-tool.js';
import { outputSchemaOf } from '../output-schema.js';
import { inputJsonSchema, type McpTool } from '../tool.js';
import { toolResult } from '../tool-result.js';
import { exampleOf } from './example-input.js';
import { findOperation, unknownOperation, type FoundOperation } from './operation-lookup.js';
import { searchEntries } from './search-index.js';
import type { ServerTools } from './server-tools.js';

const describeInput = once(() => z.strictObject({ operation: z.string().check(z.minLength(1), z.maxLength(200)) }));

// The codes every API call may answer that the model can act on (the token's own are the operator's).
const ALWAYS = ['INVALID_INPUT', 'ESCOPO_INSUFICIENTE', 'LIMITE_EXCEDIDO'];

/** The errors worth knowing for one operation: the common ones, and those its description names. */
function errorsOf(row: Operation): { codigo: string; fix: string }[] {
  const named = proseOf(row).description.match(/\b[A-Z][A-Z_]{4,}\b/g) ?? [];
  const codes = new Set([
    ...ALWAYS,
    ...(row.pathParams.length > 0 ? ['NAO_ENCONTRADO'] : []),
    ...(typeof row.body === 'function' ? ['VALIDACAO'] : []),
    ...(row.idempotency ? ['IDEMPOTENCY_KEY_REUTILIZADA', 'REQUISICAO_EM_ANDAMENTO'] : []),
    ...named,
  ]);
  return [...codes].flatMap((codigo) => {
    const fix = fixFor(codigo);
    return fix === undefined ? [] : [{ codigo, fix }];
  });
}

/** Everything a model needs to call one operation right the first time. */
function description(found: FoundOperation, tools: ServerTools): Record<string, unknown> {
  const { row, tool } = found;
  const input = tool?.inputSchema ?? (row ? inputSchemaOf(row) : { type: 'object' });
  const fromMirror = tools.options.mirror !== undefined && (MIRRORED_OPERATIONS as readonly string[]).includes(found.id);
  return {
    operation: found.id,
    ...(row ? { method: row.method, route: row.route, ...proseOf(row), access: row.access, paged: row.paged } : { summary: tool?.description, access: 'read', paged: found.id === 'mirror.catalog' }),
    offered: tool !== undefined,
    ...(found.why ? { why: found.why } : {}),
    answeredBy: fromMirror || row === undefined ? 'mirror' : 'api',
    input,
    output: tool?.outputSchema ?? (row ? outputSchemaOf(row) : { type: 'object' }),
    ...(row ? { errors: errorsOf(row) } : {}),
    example: { operation: found.id, input: exampleOf(input) },
  };
}

/** @internal `describe`: one operation's input and output schemas, errors with what to do, and an example call. */
export function describeTool(tools: ServerTools): McpTool {
  return {
    name: 'describe',
    description:
      "One operation's input and output JSON Schemas, its errors with what to do, and an example input for execute; or a record's or topic's detail. Takes an id from search (pedidos.obter).",
    inputSchema: inputJsonSchema(describeInput()),
    outputSchema: {
      type: 'object',
      properties: {
        operation: { type: 'string' },
        offered: { type: 'boolean' },
        input: { type: 'object' },
        output: { type: 'object' },
        example: { type: 'object' },
        record: { type: 'string' },
        topic: { type: 'string' },
      },
      anyOf: [{ required: ['operation', 'offered', 'input', 'output', 'example'] }, { required: ['record'] }, { required: ['topic'] }],
    },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    run: async (args) => {
      try {
        const { operation } = checkOptions(describeInput, args, 'the describe tool');
        const found = findOperation(operation, tools);
        if ('unknown' in found) {
          // A record (Pedido) or a guide topic (topic.fields) that search found: its detail.
          const other = searchEntries().find((e) => e.kind !== 'operation' && e.id === operation.trim());
          if (other?.detail) return toolResult(other.detail);
          return toolResult(unknownOperation(operation, found.suggestions), true);
        }
        return toolResult(description(found, tools));
      } catch (err) {
        return toolResult(errorBody(err), true);
      }
    },
  };
}
