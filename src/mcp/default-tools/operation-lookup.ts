import type { Operation } from '../../operations/operation.js';
import { OPERATIONS } from '../../operations/table.js';
import { MIRROR_ENTRIES } from '../mirror-tools.js';
import { whyNoTool } from '../tool-set.js';
import { toolName, type McpTool } from '../tool.js';
import { search } from './search-index.js';
import { idOf, type ServerTools } from './server-tools.js';

/** @internal One operation as `describe` and `execute` find it. */
export interface FoundOperation {
  readonly id: string;
  /** The API row; absent for a tool only a mirror has (`mirror.status`). */
  readonly row?: Operation | undefined;
  /** The tool that runs it here; absent when this server does not offer it. */
  readonly tool?: McpTool | undefined;
  /** Why this server does not offer it, in words a model can relay. */
  readonly why?: string | undefined;
}

/**
 * @internal The operation named `name` (an id, `pedidos.obter`, or a tool name, `pedidos_obter`), or
 * the closest ids when no operation has that name.
 */
export function findOperation(name: string, tools: ServerTools): FoundOperation | { readonly unknown: true; readonly suggestions: string[] } {
  const id = idOf(name.trim());
  const tool = tools.offered.get(toolName(id));
  const row = OPERATIONS.find((r) => r.id === id);
  if (row) return { id, row, tool, why: tool ? undefined : (whyNoTool(row, tools.options) ?? 'it is not offered on this server') };
  if (MIRROR_ENTRIES.some((m) => m.id === id)) return { id, tool, why: tool ? undefined : 'this server has no mirror (start it with --mirror-dir or --mirror-postgres)' };
  const suggestions = search(name, 3, (e) => e.kind === 'operation').map((e) => e.id);
  return { unknown: true, suggestions };
}

/** @internal The refusal of an unknown operation name, with the closest ids. */
export function unknownOperation(name: string, suggestions: readonly string[]): Record<string, unknown> {
  return {
    codigo: 'UNKNOWN_OPERATION',
    mensagem: `no operation named ${JSON.stringify(name)}${suggestions.length > 0 ? ` (did you mean ${suggestions.join(', ')}?)` : ''}`,
    fix: 'Call search with words of what you want to do, and use an id it gives.',
  };
}
