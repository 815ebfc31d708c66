import * as z from 'zod/mini';

/** @internal A string with at least one character: what the SDK checks for ids and names it sends. */
export function nonEmptyText(): z.ZodMiniString<string> {
  return z.string().check(z.minLength(1, { error: 'must be a non-empty string' }));
}

/**
 * @internal A string of at most `max` characters counted as code points, as the SDK counts them (an
 * emoji is one). zod's maxLength counts UTF-16 units and would refuse what the SDK sends, so the check
 * is a refinement and the JSON Schema gets its `maxLength` (which counts code points) as metadata.
 */
export function textUpTo(max: number): z.ZodMiniString<string> {
  return z
    .string()
    .check(z.refine((value) => [...value].length <= max, `must have at most ${max} characters`))
    .register(z.globalRegistry, { maxLength: max });
}
