import * as z from 'zod/mini';
import { produtoSchema } from '../../models/produto.js';
import { explainWith } from '../../internal/zod-issue.js';
import type { UnstorableReason } from './unstorable.js';

/**
 * @internal Why this state does not fit the client's Product schema, or undefined when it does. The
 * mirror reads its products back through that schema (`mirror.product()`, `changedSince()`), so a
 * state that does not fit would break every read that meets it: it is set aside instead, like a state
 * the store cannot hold. The field is written as {@link UnstorableReason} paths are (`numeracoes[0].estoque`).
 */
export function unreadable(produto: unknown): UnstorableReason | undefined {
  if (typeof produto !== 'object' || produto === null || Array.isArray(produto)) return { field: '(product)', reason: 'not an object' };
  if (z.safeParse(produtoSchema(), produto).success) return undefined;
  // Parsed again only to word the failure (an error map slows every parse down).
  const issues = z.safeParse(produtoSchema(), produto, { error: explainWith() }).error?.issues ?? [];
  const first = issues[0];
  if (!first) return { field: '(product)', reason: 'does not fit the Product schema' };
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more field(s))` : '';
  return { field: pathOf(first.path), reason: `does not fit the Product schema: ${first.message}${more}` };
}

function pathOf(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : out === '' ? String(key) : `.${String(key)}`;
  return out || '(product)';
}
