import * as z from 'zod/mini';
import { kindOf } from '../../internal/kind-of.js';

/** What a refused value was, in the SDK's messages: a string quoted, anything else by its kind. */
const got = (input: unknown): string => (typeof input === 'string' ? JSON.stringify(input) : kindOf(input));

/** @internal A string with at least one character: what the SDK checks for ids and names it sends. */
export function nonEmptyText(): z.ZodMiniString<string> {
  const message = (issue: { input?: unknown }) => `must be a non-empty string (got ${got(issue.input)})`;
  return z.string({ error: message }).check(z.minLength(1, { error: message }));
}

/**
 * @internal A string of at most `max` characters counted as code points, as the SDK counts them (an
 * emoji is one). zod's maxLength counts UTF-16 units and would refuse what the SDK sends, so the check
 * is a refinement and the JSON Schema gets its `maxLength` (which counts code points) as metadata.
 */
export function textUpTo(max: number): z.ZodMiniString<string> {
  return z
    .string({ error: (issue) => `must be a string of at most ${max} characters (got ${got(issue.input)})` })
    .check(z.refine((value) => [...value].length <= max, `must have at most ${max} characters`))
    .register(z.globalRegistry, { maxLength: max });
}

/**
 * @internal `schema` with a description in its JSON Schema (what the OpenAPI document and an MCP tool's
 * input show). Every input field has one: a model reading a tool's schema has nothing else to go on.
 */
export function described<S extends z.ZodMiniType>(schema: S, description: string): S {
  // Added to what the schema already has there (textUpTo's maxLength), not in place of it.
  z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), description });
  return schema;
}
