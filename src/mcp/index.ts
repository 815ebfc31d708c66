// partner-commerce/mcp: an MCP server over the SDK's operations. The only entry that loads the
// optional peer @modelcontextprotocol/sdk, so a partner who never imports it never needs it.
export { createMcpServer } from './create-server.js';
export type { McpServerOptions } from './options.js';
export type { ScriptLimits } from './script/script-limits.js';
