import type { ResolvedMcpOptions } from '../options.js';
import type { McpTool } from '../tool.js';

/** @internal What the default tools work with: the server's options and every tool they allow. */
export interface ServerTools {
  readonly options: ResolvedMcpOptions;
  /** Every operation and mirror tool the options allow, by tool name: what `execute` runs. */
  readonly offered: ReadonlyMap<string, McpTool>;
}

/** @internal The id `search`, `describe` and `execute` use for a tool name: `pedidos_obter` → `pedidos.obter`. */
export const idOf = (name: string): string => name.replaceAll('_', '.');
