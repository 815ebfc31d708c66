import * as z from 'zod/mini';
import { shown } from '../../internal/kind-of.js';

/** @internal A string with at least one character: what the SDK checks for ids and names it sends. */
export function nonEmptyText(): z.ZodMiniString<string> {
  const message = (issue: { input?: unknown }) => `must be a non-empty string (got ${shown(issue.input)})`;
  return z.string({ error: message }).check(z.minLength(1, { error: message }));
}

/**
 * @internal A string of at most `max` characters counted as code points, as the SDK counts them (an
 * emoji is one). zod's maxLength counts UTF-16 units and would refuse what the SDK sends, so the check
 * is a refinement and the JSON Schema gets its `maxLength` (which counts code points) as metadata.
 */
export function textUpTo(max: number): z.ZodMiniString<string> {
  return z
    .string({ error: (issue) => `must be a string of at most ${max} characters (got ${shown(issue.input)})` })
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

/** @internal The document's mark of where a rule comes from; `local-sandbox` for the sandbox's own. */
export const SOURCE_MARK = 'x-partner-commerce-source';

/** @internal JSON Schema keywords a rule of the local sandbox states (`minLength`, `pattern`, `required`...), and its `examples`. */
export type JsonSchemaConstraints = Readonly<Record<string, unknown>>;

/**
 * @internal `schema` with a rule the local sandbox (`partner-commerce sandbox`) keeps where the spec
 * says "not shown", in its JSON Schema only: the SDK does not check it and still sends a body that
 * breaks it (the real server decides), but a generated client, a fuzzer or a validating proxy reads
 * the same shape the sandbox wants. The schema is marked `x-partner-commerce-source: local-sandbox` and
 * its description gains a sentence saying the rule (`rule`, in words) is not from the spec.
 *
 * `constraints` are merged into what the registry already has (a description, textUpTo's maxLength),
 * and win over what zod writes itself: a `required` list given for an object replaces zod's, so it is
 * given only for objects whose fields zod keeps optional. Call it on a schema already {@link described}.
 */
export function sandboxRule<S extends z.ZodMiniType>(schema: S, rule: string, constraints: JsonSchemaConstraints): S {
  const meta = z.globalRegistry.get(schema) ?? {};
  const said = typeof meta.description === 'string' && meta.description !== '' ? `${meta.description.replace(/\.$/, '')}. ` : '';
  const description = `${said}${localSandboxNote(`requires ${rule}`)}`;
  z.globalRegistry.add(schema, { ...meta, ...constraints, description, [SOURCE_MARK]: 'local-sandbox' });
  return schema;
}

/** @internal The sentence that says a rule is the local sandbox's (`what` it does), not the spec's. */
export const localSandboxNote = (what: string): string => `Not from the spec: the local sandbox (partner-commerce sandbox) ${what}; check it against the real server.`;

/** @internal The sandbox trims text: a string that is empty or only spaces is refused, in JSON Schema words. */
export const NON_BLANK: JsonSchemaConstraints = { minLength: 1, pattern: '\\S' };

/** @internal `schema` marked with the local sandbox's rule that its text is not blank (see {@link sandboxRule}). */
export const nonBlankInSandbox = <S extends z.ZodMiniType>(schema: S): S => sandboxRule(schema, 'a non-blank text (not empty, not only spaces)', NON_BLANK);
