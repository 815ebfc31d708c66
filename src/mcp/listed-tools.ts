import { describeTool } from './default-tools/describe-tool.js';
import { executeTool } from './default-tools/execute-tool.js';
import { searchTool } from './default-tools/search-tool.js';
import type { ServerTools } from './default-tools/server-tools.js';
import { executeScriptTool } from './script/execute-script-tool.js';
import type { ResolvedMcpOptions } from './options.js';
import { isSelected } from './tool-selection.js';
import { buildTools } from './tool-set.js';
import type { McpTool } from './tool.js';

/** @internal A server's tools: every one its options allow (what `execute` runs) and those `tools/list` gives. */
export interface ToolBox extends ServerTools {
  readonly listed: ReadonlyMap<string, McpTool>;
}

/**
 * @internal The tools of a server: the operation and mirror tools its options allow, and the default
 * set built over them; `tools/list` gives the default set, or what the `tools` option selects.
 */
export function toolBox(options: ResolvedMcpOptions): ToolBox {
  const offered = buildTools(options);
  const server: ServerTools = { options, offered };
  const execute = executeTool(server);
  const own = [searchTool(server), describeTool(server), execute, ...(options.scripts ? [executeScriptTool(server, execute, options.scripts)] : [])];
  const every = new Map<string, McpTool>([...own.map((t) => [t.name, t] as const), ...offered]);
  const selection = options.tools;
  const listed = selection === undefined ? new Map(own.map((t) => [t.name, t])) : new Map([...every].filter(([name]) => isSelected(name, selection)));
  return { ...server, listed };
}
