import type * as z from 'zod';

/** A zod issue as the SDK reports problems everywhere: a dotted path and why (`dados.pedido.total`). */
export function toIssue(issue: z.core.$ZodIssue): { path: string; message: string } {
  return { path: issue.path.map(String).join('.'), message: issue.message };
}
