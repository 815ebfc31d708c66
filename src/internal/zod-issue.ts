import type * as core from 'zod/v4/core';
import { en } from 'zod/v4/locales';

/** A zod issue as the SDK reports problems everywhere: a dotted path and why (`dados.pedido.total`). */
export function toIssue(issue: core.$ZodIssue): { path: string; message: string } {
  return { path: issue.path.map(String).join('.'), message: issue.message };
}

let english: core.$ZodErrorMap | undefined;

/**
 * @internal Error map for explaining a failed parse: `words` first (the SDK's own phrasing, when it
 * has one), then zod's English messages. zod/mini loads no locale and the SDK does not set zod's global
 * config (it belongs to the partner's app), so without this every message would be "Invalid input".
 * Only used to re-parse what already failed: an error map slows every parse down.
 */
export function explainWith(words?: (issue: core.$ZodRawIssue) => string | undefined): core.$ZodErrorMap {
  english ??= en().localeError;
  const fallback = english;
  return (issue) => words?.(issue) ?? fallback(issue);
}
