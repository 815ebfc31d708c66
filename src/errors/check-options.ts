import * as z from 'zod/mini';
import type * as core from 'zod/v4/core';
import { got } from '../internal/kind-of.js';
import type { Logger } from '../internal/logger.js';
import { explainWith } from '../internal/zod-issue.js';
import { formerNameHint } from './former-names.js';
import { InvalidInputError, type InputIssue } from './invalid-input-error.js';

/** @internal Whether `value` is an object with a function under each of `names` (a client, a pool, a logger). */
export const hasMethods = (value: unknown, names: readonly string[]): boolean =>
  typeof value === 'object' && value !== null && names.every((n) => typeof (value as Record<string, unknown>)[n] === 'function');

/** @internal The schema of a `logger` option: anything with the `methods` the part calls fits. Call inside `once`. */
export const loggerOption = <M extends keyof Logger>(...methods: M[]) =>
  z.optional(z.custom<Pick<Logger, M>>((v) => hasMethods(v, methods), { error: `must have ${methods.join(', ').replace(/, (?=\w+$)/, ' and ')} method${methods[1] ? 's' : ''} (console-like)` }));

/** @internal An optional time in ms of at least 1 (Redis's PX takes whole ms; fractions are rounded up). */
export const positiveMs = () =>
  z.optional(
    z.custom<number>((v) => typeof v === 'number' && Number.isFinite(v) && v >= 1, {
      error: (issue) => `must be a positive number of milliseconds (got ${got(issue.input)})`,
    }),
  );

/**
 * @internal Checks an options object against its schema and returns the parsed value, or throws ONE
 * {@link InvalidInputError} naming every bad field (dotted paths from the object the caller wrote),
 * so a caller fixes them all at once rather than one per run. `schema` is a getter (`once(...)`) so
 * that no schema is built at import. `what` names the options object in the message for an unknown
 * key at the top (`is not an option of createRedisDedupeStore`); deeper ones name their parent field.
 * The schema is parsed without an error map first (the common, valid case stays cheap), and again with
 * the English one only when it failed, since zod/mini alone says "Invalid input" for everything.
 */
export function checkOptions<S extends core.$ZodType>(schema: () => S, value: unknown, what: string): core.output<S> {
  const built = schema();
  const quick = z.safeParse(built, value);
  if (quick.success) return quick.data;
  throw new InvalidInputError(explain(built, value, quick.error, what));
}

/**
 * @internal {@link checkOptions} for an options object checked in parts: the schema's issues and those of
 * the `extra` checks made apart (hooks, telemetry, a rule across fields) in ONE {@link InvalidInputError}.
 * Anything but an object is refused with `notObject`, which names the field a caller most needs.
 */
export function checkOptionsWith(schema: () => core.$ZodType, options: unknown, what: string, notObject: InputIssue, extra: (issues: InputIssue[]) => void = () => undefined): void {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) throw new InvalidInputError(notObject);
  const issues = optionIssues(schema, options, what);
  extra(issues);
  if (issues.length > 0) throw new InvalidInputError(issues);
}

/**
 * @internal The issues {@link checkOptions} would throw, none when `value` fits: for an options object
 * checked in parts (the webhook handler's `verify` and `telemetry` have checkers of their own), whose
 * issues must still end up in one error. `at`, when given, is where `value` sits in what the caller
 * wrote (`telemetry`, `hooks[1]`): every path starts with it, and it names the owner of an unknown key
 * at the top in place of `what`.
 */
export function optionIssues(schema: () => core.$ZodType, value: unknown, what: string, at?: string): InputIssue[] {
  const built = schema();
  const quick = z.safeParse(built, value);
  return quick.success ? [] : explain(built, value, quick.error, what, at);
}

function explain(built: core.$ZodType, value: unknown, error: core.$ZodError, what: string, at?: string): InputIssue[] {
  const explained = z.safeParse(built, value, { error: explainWith() }).error ?? error;
  return explained.issues.flatMap((issue) => toIssues(issue, built, what, at === undefined ? [] : [at]));
}

function toIssues(issue: core.$ZodIssue, schema: core.$ZodType, what: string, prefix: readonly string[]): InputIssue[] {
  if (issue.code === 'invalid_union') {
    // `dedupe: boolean | { ttlMs }` given an object: name its bad fields, not "dedupe: invalid input".
    const inside = issue.errors.find((branch) => branch.length > 0 && branch.every((i) => i.path.length > 0));
    if (inside !== undefined) return inside.flatMap((i) => toIssues({ ...i, path: [...issue.path, ...i.path] }, schema, what, prefix));
  }
  const at = [...prefix, ...issue.path.map(String)].join('.');
  if (issue.code !== 'unrecognized_keys') return [{ path: at, message: issue.message }];
  const known = knownKeys(schema, issue.path);
  return issue.keys.map((key) => unknownOption(key, at, what, known));
}

/**
 * @internal The issue for `key`, an option the object at `at` (`''` at the top, else a dotted path)
 * does not take: "is not an option of `what`" (or of its parent field), with what to write instead when
 * it is a former name, then the known names (which show the right spelling of a misspelt one, so no
 * guess by edit distance is made, and no entry carries the code for one). One wording for every check,
 * schema or key scan.
 */
export function unknownOption(key: string, at: string, what: string, known: readonly string[]): InputIssue {
  const parent = at === '' ? '' : at.slice(at.lastIndexOf('.') + 1);
  const hint = formerNameHint(key, parent, known, what);
  return {
    path: at === '' ? key : `${at}.${key}`,
    message: `is not an option of ${at === '' ? what : at}${hint === undefined ? '' : `: ${hint}`}${known.length > 0 ? ` (known: ${known.join(', ')})` : ''}`,
  };
}

/**
 * @internal The issues for every own key of `value` not in `known`, worded as {@link unknownOption}:
 * for options checked by hand rather than by a schema, and for a call's options on the hot path, where
 * a scan against a frozen set costs far less than a parse. `at` as there. None when `value` is not an
 * object (its own check says so).
 */
export function unknownOptionIssues(value: unknown, known: ReadonlySet<string>, what: string, at = ''): InputIssue[] {
  if (typeof value !== 'object' || value === null) return [];
  let issues: InputIssue[] | undefined;
  for (const key in value) {
    if (Object.hasOwn(value, key) && !known.has(key)) (issues ??= []).push(unknownOption(key, at, what, [...known]));
  }
  return issues ?? [];
}

/** The keys the object schema at `path` declares, for the "known:" list; empty when it cannot tell. */
function knownKeys(schema: core.$ZodType, path: readonly PropertyKey[]): string[] {
  let current: core.$ZodType | undefined = schema;
  for (const step of path) {
    const shape = shapeOf(current);
    current = shape?.[String(step)];
  }
  return Object.keys(shapeOf(current) ?? {});
}

function shapeOf(schema: core.$ZodType | undefined): Record<string, core.$ZodType> | undefined {
  type Def = { type?: string; shape?: Record<string, core.$ZodType>; innerType?: core.$ZodType; options?: readonly core.$ZodType[] };
  let def = schema?._zod.def as Def | undefined;
  // Optional and defaulted objects wrap the object schema once.
  while (def !== undefined && def.shape === undefined && def.innerType !== undefined) def = def.innerType._zod.def;
  // `dedupe: boolean | { ttlMs }`: the keys are the object branch's.
  if (def?.options !== undefined) return def.options.map((option) => shapeOf(option)).find((shape) => shape !== undefined);
  return def?.shape;
}

/**
 * @internal The issues of a failed zod parse or encode of `schema` (run with {@link explainWith}'s
 * English words), worded as {@link checkOptions} words them: dotted paths, and an unknown key named
 * as "is not an option of `what`" with the known ones. For checks that run a schema their own way
 * (an operation's input is encoded, not parsed).
 */
export function inputIssuesOf(error: core.$ZodError, schema: core.$ZodType, what: string): InputIssue[] {
  return error.issues.flatMap((issue) => toIssues(issue, schema, what, []));
}

/**
 * @internal Throws ONE {@link InvalidInputError} naming every own key of `value` not in `known` (see
 * {@link unknownOptionIssues}); nothing when all are known or `value` is not an object.
 */
export function refuseUnknownOptions(value: unknown, known: ReadonlySet<string>, what: string): void {
  const issues = unknownOptionIssues(value, known, what);
  if (issues.length > 0) throw new InvalidInputError(issues);
}

/** @internal The option names of an options type, as a frozen set, listed in an object so that the compiler says when one is missing or not an option. */
export const optionNames = <T>(names: Record<keyof T, 1>): ReadonlySet<string> => Object.freeze(new Set(Object.keys(names)));
