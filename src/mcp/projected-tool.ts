import { errorBody } from './error-body.js';
import { MAX_FIELDS, parseFields, project, type Projection } from './projection.js';
import type { McpTool } from './tool.js';
import { toolResult, type ToolResult } from './tool-result.js';

/** @internal The `fields` argument every operation and mirror tool (and `execute`) takes, in their inputSchema. */
export const FIELDS_PROPERTY: Record<string, unknown> = {
  type: 'array',
  items: { type: 'string', minLength: 1, maxLength: 200 },
  minItems: 1,
  maxItems: MAX_FIELDS,
  description: 'Only these paths of the answer, e.g. ["sku","numeracoes[numeracao=38].estoque"]',
};

/** An answer's data narrowed to `projection`: each item of a page, or the one result. */
function projected(body: Record<string, unknown>, projection: Projection): Record<string, unknown> {
  if (Array.isArray(body['dados'])) return { ...body, dados: project(body['dados'], projection) };
  if ('result' in body && body['result'] !== null) return { ...body, result: project(body['result'], projection) ?? null };
  return body;
}

/**
 * @internal `tool` taking `fields`: they are read and taken out of the arguments before the tool sees
 * them (a malformed path is refused as INVALID_INPUT naming it, nothing sent), and a successful answer
 * keeps only those paths. Failures are answered whole: what went wrong is never projected away.
 */
export function withFields(tool: McpTool): McpTool {
  return {
    ...tool,
    run: async (args): Promise<ToolResult> => {
      const { fields, ...input } = args;
      let projection: Projection | undefined;
      try {
        projection = parseFields(fields);
      } catch (err) {
        return toolResult(errorBody(err), true);
      }
      const answer = await tool.run(input);
      return projection === undefined || answer.isError === true ? answer : toolResult(projected(answer.structuredContent, projection));
    },
  };
}
