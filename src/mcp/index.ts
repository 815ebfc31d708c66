// partner-commerce/mcp: an MCP server over the SDK's operations. The only entry that loads the
// optional peer @modelcontextprotocol/sdk, so a partner who never imports it never needs it.
export { createMcpServer } from './create-server.js';
/** @internal For the CLI: checks the options and builds the tools once, then a Server per call. */
export { mcpServerFactory } from './create-server.js';
/** @internal For the CLI's startup notice: whether the options offer the write tools. */
export { writesAllowed } from './tool-set.js';
export type { McpServerOptions } from './options.js';
