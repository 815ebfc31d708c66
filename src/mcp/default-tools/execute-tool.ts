import * as z from 'zod/mini';
import { checkOptions } from '../../errors/check-options.js';
import { once } from '../../internal/once.js';
import { errorBody } from '../error-body.js';
import { writesAllowed } from '../tool-set.js';
import { type McpTool } from '../tool.js';
import { toolResult } from '../tool-result.js';
import { findOperation, unknownOperation } from './operation-lookup.js';
import type { ServerTools } from './server-tools.js';

const executeInput = once(() =>
  z.strictObject({
    operation: z.string().check(z.minLength(1), z.maxLength(200)),
    input: z.optional(z.record(z.string(), z.unknown())),
    fields: z.optional(z.array(z.string())),
  }),
);

/**
 * @internal `execute`: runs one operation by id with the input `describe` gave, through the very tool
 * `--tools=all` would list (the SDK's checks, the budget at the server's priority, Idempotency-Keys,
 * the mirror in place of the API where it answers), then keeps only `fields`.
 */
export function executeTool(tools: ServerTools): McpTool {
  const writes = writesAllowed(tools.options);
  return {
    name: 'execute',
    description:
      'Run one operation by id with its input (as describe shows), checked as the SDK checks it. fields keeps only the paths you need, e.g. ["sku","numeracoes[numeracao=38].estoque"]. Lists answer one page; pass proximoCursor as input.cursor for the next.',
    inputSchema: {
      type: 'object',
      properties: {
        operation: { type: 'string', description: 'An operation id from search, e.g. pedidos.obter' },
        input: { type: 'object', description: "The operation's input; idempotencyKey goes here to replay a write" },
        fields: { type: 'array', items: { type: 'string' }, description: 'Only these paths of the answer' },
      },
      required: ['operation'],
      additionalProperties: false,
    },
    outputSchema: { type: 'object', description: "The operation's answer: { result, source, requestId } or one page { dados, proximoCursor, temMais, source }" },
    annotations: { readOnlyHint: !writes, destructiveHint: writes, idempotentHint: false, openWorldHint: true },
    run: async (args) => {
      try {
        const { operation, input = {}, fields } = checkOptions(executeInput, args, 'the execute tool');
        const found = findOperation(operation, tools);
        if ('unknown' in found) return toolResult(unknownOperation(operation, found.suggestions), true);
        if (found.tool === undefined) {
          return toolResult(
            { codigo: 'TOOL_NOT_ALLOWED', mensagem: `${found.id} is not offered: ${found.why ?? 'not on this server'}`, fix: 'Do it another way or ask the operator; nothing was sent.' },
            true,
          );
        }
        return await found.tool.run(fields === undefined ? input : { ...input, fields });
      } catch (err) {
        return toolResult(errorBody(err), true);
      }
    },
  };
}
