import { OPERATIONS } from '../operations/table.js';
import { toolName } from './tool.js';

/** @internal The tools a server lists when `tools` is not given: three that reach every operation. */
export const DEFAULT_TOOL_NAMES = ['search', 'describe', 'execute'] as const;

/** @internal Tool names besides the operations': the default set, code mode and the mirror's own. */
export const OWN_TOOL_NAMES = [...DEFAULT_TOOL_NAMES, 'execute_script', 'mirror_catalog', 'mirror_status'] as const;

// `all` is today's per-operation set (with the mirror's tools): the default set and code mode are named on their own.
const NOT_IN_ALL = [...DEFAULT_TOOL_NAMES, 'execute_script'] as const;

/** Every operation's tool name, and every resource (each leading part of an id: `pedidos`, `pedidos_rastreios`). */
function universe(): { names: Set<string>; resources: Set<string> } {
  const names = new Set<string>(OWN_TOOL_NAMES);
  const resources = new Set<string>(['mirror']);
  for (const row of OPERATIONS) {
    const parts = row.id.split('.');
    names.add(toolName(row.id));
    for (let n = 1; n < parts.length; n++) resources.add(parts.slice(0, n).join('_'));
  }
  return { names, resources };
}

/** @internal An entry of `tools` in tool-name form: `pedidos.obter` and `pedidos_obter` are one. */
export const selectionName = (entry: string): string => toolName(entry.trim());

/**
 * @internal Why an entry of `tools` names nothing, with the closest names; undefined when it names a
 * tool, a resource (`pedidos` for every `pedidos_*`) or `all`.
 */
export function unknownSelection(entry: string): string | undefined {
  const name = selectionName(entry);
  const { names, resources } = universe();
  if (name === 'all' || names.has(name) || resources.has(name)) return undefined;
  const close = [...resources, ...names].filter((known) => known.startsWith(name.slice(0, 4)) || name.startsWith(known)).slice(0, 3);
  return `is not a tool, a resource or 'all'${close.length > 0 ? ` (did you mean ${close.join(', ')}?)` : ''}`;
}

/** @internal Whether a tool named `tool` is in the selection: named itself, by its resource, or by `all`. */
export function isSelected(tool: string, selection: readonly string[]): boolean {
  return selection.some((entry) => {
    const name = selectionName(entry);
    return name === tool || tool.startsWith(`${name}_`) || (name === 'all' && !(NOT_IN_ALL as readonly string[]).includes(tool));
  });
}
