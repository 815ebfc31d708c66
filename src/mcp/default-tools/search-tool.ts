import * as z from 'zod/mini';
import { checkOptions } from '../../errors/check-options.js';
import { once } from '../../internal/once.js';
import { errorBody } from '../error-body.js';
import { inputJsonSchema, toolName, type McpTool } from '../tool.js';
import { toolResult } from '../tool-result.js';
import { search } from './search-index.js';
import type { ServerTools } from './server-tools.js';

const searchInput = once(() =>
  z.strictObject({
    query: z.string().check(z.minLength(1), z.maxLength(300)),
    limite: z.optional(z.int().check(z.minimum(1), z.maximum(20))),
  }),
);

/** Results a search gives when `limite` is not given: enough to choose from, little to read. */
const DEFAULT_RESULTS = 5;

/**
 * @internal `search`: operations, records and guide topics by words, English or Portuguese. An
 * operation says whether this server runs it (`offered`), so a model does not plan on one it cannot call.
 */
export function searchTool(tools: ServerTools): McpTool {
  const hasMirror = tools.options.mirror !== undefined;
  return {
    name: 'search',
    description: 'Find API operations, records and guide topics by words (English or Portuguese). Start here; describe gives the details of any id found, execute runs an operation.',
    inputSchema: inputJsonSchema(searchInput()),
    outputSchema: {
      type: 'object',
      properties: {
        results: {
          type: 'array',
          items: {
            type: 'object',
            properties: { kind: { enum: ['operation', 'record', 'topic'] }, id: { type: 'string' }, summary: { type: 'string' }, offered: { type: 'boolean' } },
            required: ['kind', 'id', 'summary'],
          },
        },
      },
      required: ['results'],
    },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    run: async (args) => {
      try {
        const { query, limite = DEFAULT_RESULTS } = checkOptions(searchInput, args, 'the search tool');
        // The mirror's own tools exist only with a mirror.
        const found = search(query, limite, (e) => hasMirror || !e.id.startsWith('mirror.'));
        return toolResult({
          results: found.map((e) => ({
            kind: e.kind,
            id: e.id,
            summary: e.summary,
            ...(e.kind === 'operation' ? { offered: tools.offered.has(toolName(e.id)) } : {}),
          })),
        });
      } catch (err) {
        return toolResult(errorBody(err), true);
      }
    },
  };
}
