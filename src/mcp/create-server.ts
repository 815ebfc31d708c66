import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { checkMcpOptions, type McpServerOptions } from './options.js';
import { idOf } from './default-tools/server-tools.js';
import { toolBox } from './listed-tools.js';
import { withFailure } from './output-schema.js';
import { hiddenOperation, whyNoTool } from './tool-set.js';
import { toolResult } from './tool-result.js';

const INSTRUCTIONS = [
  'Tools of the Partner Commerce API of a wholesale footwear supplier (orders, customers, balance, statement, labels, catalog and stock).',
  'Start with search (words of the question), then describe the operation it finds, then execute it with only the fields the question needs.',
  "Lists answer one page at a time: follow proximoCursor only as far as the question needs; each call spends the partner's rate budget.",
  'Money is a decimal string ("129.90"); dates are ISO 8601. A failed call gives codigo and fix.',
  'Results with source "mirror" come from a local copy of the catalog: mention its watermark when freshness matters.',
].join(' ');

/**
 * Creates an MCP server whose tools are the SDK's operations: `connect` it to a transport of the MCP
 * TypeScript SDK (`StdioServerTransport`, `StreamableHTTPServerTransport`, `InMemoryTransport`) and
 * `close` it when done. Tools are generated from the SDK's operation table and its models, so they
 * cannot drift from what the client sends: read tools always; write tools only with `allowWrites`,
 * and with a production token only with `allowProductionWrites` too; sandbox simulators only with a
 * sandbox token; uploads never (a tool must not read local files on a model's say). Every call goes
 * through `client` at `priority` (budget, retries, hooks, Idempotency-Keys); the token never appears
 * in a result. See docs/mcp.md.
 *
 * Needs the optional peer `@modelcontextprotocol/sdk` (^1.24), loaded only by this entry.
 *
 * @example
 * import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
 * const server = createMcpServer({ client: new PartnerCommerce(), mirror });
 * await server.connect(new StdioServerTransport());
 * @throws {InvalidInputError} naming every bad option at once.
 */
export function createMcpServer(options: McpServerOptions): Server {
  const resolved = checkMcpOptions(options);
  const { listed: tools, offered } = toolBox(resolved);
  const server = new Server({ name: resolved.name, version: resolved.version }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [...tools.values()].map(({ name, description, inputSchema, outputSchema, annotations }) => ({
      name,
      description,
      inputSchema: inputSchema as { type: 'object' },
      outputSchema: withFailure(outputSchema) as { type: 'object' },
      annotations,
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name } = request.params;
    const args = request.params.arguments ?? {};
    const tool = tools.get(name);
    if (tool) return tool.run(args);
    const row = hiddenOperation(name);
    const why = row && whyNoTool(row, resolved);
    if (why)
      return toolResult({ codigo: 'TOOL_NOT_ALLOWED', mensagem: `${name} is not offered: ${why}`, fix: 'Do it another way or ask the operator; the tool cannot be called on this server.' }, true);
    // Offered but not listed (the default set lists three): the model is told the one call that runs it.
    if (offered.has(name) && tools.has('execute')) {
      return toolResult({ codigo: 'UNKNOWN_TOOL', mensagem: `${name} is not listed on this server`, fix: `Call execute with { "operation": "${idOf(name)}", "input": {…} }.` }, true);
    }
    return toolResult({ codigo: 'UNKNOWN_TOOL', mensagem: `no tool named ${JSON.stringify(name)}`, fix: 'Call one of the tools tools/list gives.' }, true);
  });
  return server;
}
