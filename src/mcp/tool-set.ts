import { OPERATIONS } from '../operations/table.js';
import type { Operation } from '../operations/operation.js';
import { MIRRORED_OPERATIONS, mirrorTools } from './mirror-tools.js';
import { operationTool } from './operation-tool.js';
import { withFields } from './projected-tool.js';
import type { McpServerOptions, ResolvedMcpOptions } from './options.js';
import { toolName, type McpTool } from './tool.js';

/** @internal Whether these options offer the write tools: `allowWrites`, and with a production token `allowProductionWrites` too. */
export function writesAllowed(options: Pick<McpServerOptions, 'client' | 'allowWrites' | 'allowProductionWrites'>): boolean {
  return options.allowWrites === true && (options.client.environment === 'sandbox' || options.allowProductionWrites === true);
}

/** @internal Why an operation has no tool on this server, in words a model can relay; undefined when it has one. */
export function whyNoTool(row: Operation, options: ResolvedMcpOptions): string | undefined {
  const sandbox = options.client.environment === 'sandbox';
  // A tool must not read local files on a model's say: an upload takes a path or bytes the model
  // would choose, so a prompt injected into any text it reads could send the partner's files away.
  if (row.body === 'multipart') return "uploads are not offered as tools: a tool must not read local files on a model's say";
  if (row.sandboxOnly && !sandbox) return 'it is a sandbox simulator and this server has a production token';
  if (row.access === 'write' && !writesAllowed(options)) {
    return options.allowWrites
      ? 'it changes a production account and this server was started without allowProductionWrites (--allow-production-writes)'
      : 'it changes the account and this server was started without allowWrites (--allow-writes)';
  }
  return undefined;
}

/**
 * @internal The server's tools: one per row of OPERATIONS the options allow (reads always, writes on
 * opt-in, sandbox simulators with a sandbox token, never uploads), with the mirror's tools in place of
 * the catalog reads when a mirror is given; each takes `fields` (projected-tool.ts).
 */
export function buildTools(options: ResolvedMcpOptions): Map<string, McpTool> {
  const tools = new Map<string, McpTool>();
  for (const row of OPERATIONS) {
    if (whyNoTool(row, options) === undefined) tools.set(toolName(row.id), withFields(operationTool(row, options.client, options.priority)));
  }
  if (options.mirror) {
    const mirrored = new Map(OPERATIONS.filter((row) => (MIRRORED_OPERATIONS as readonly string[]).includes(row.id)).map((row) => [row.id, row]));
    for (const tool of mirrorTools(options.mirror, mirrored)) tools.set(tool.name, withFields(tool));
  }
  return tools;
}

/** @internal The operation behind a tool name the server does not offer, to say why. */
export function hiddenOperation(name: string): Operation | undefined {
  return OPERATIONS.find((row) => toolName(row.id) === name);
}
