import { InvalidInputError, type InputIssue } from '../errors/invalid-input-error.js';

/** Most paths one call may ask for, and longest path: a projection is a short list a model writes. */
export const MAX_FIELDS = 50;
const MAX_PATH = 200;

// `numeracoes[numeracao=38].estoque`: names joined by dots; an array's elements may be narrowed by one
// `[field=value]` (compared as text, so `[ativo=true]` and `[numeracao=38]` both match).
const SEGMENT = /^([A-Za-z0-9_]+)(?:\[([A-Za-z0-9_]+)=([^\]]{1,100})\])?$/;

/** One step of a path: a field, and the elements of its array to keep. */
interface Step {
  readonly where?: { readonly field: string; readonly value: string } | undefined;
  /** What to keep inside; `null` keeps the value whole. */
  children: Map<string, Step> | null;
}

/** @internal The paths a caller asked for, merged into one tree: what {@link project} keeps. */
export type Projection = Map<string, Step>;

/** The grammar, for the tools' descriptions and the refusals. */
export const FIELDS_HELP = 'dotted paths (numeracoes.estoque); [campo=valor] keeps only matching array elements (numeracoes[numeracao=38].estoque); a list applies them to each item';

/**
 * @internal The paths of a `fields` argument as a tree, or ONE InvalidInputError naming every bad entry
 * (`fields.2`) before anything is sent. `undefined` when no projection was asked for.
 */
export function parseFields(fields: unknown, at = 'fields'): Projection | undefined {
  if (fields === undefined) return undefined;
  if (!Array.isArray(fields) || fields.length === 0 || fields.length > MAX_FIELDS) {
    throw new InvalidInputError({ path: at, message: `must be a list of 1 to ${MAX_FIELDS} paths: ${FIELDS_HELP}` });
  }
  const tree: Projection = new Map();
  const issues: InputIssue[] = [];
  fields.forEach((path: unknown, index) => {
    const problem = typeof path !== 'string' || path === '' || path.length > MAX_PATH ? `must be a path of 1 to ${MAX_PATH} characters` : insert(tree, path);
    if (problem !== undefined) issues.push({ path: `${at}.${index}`, message: `${problem}: ${FIELDS_HELP}` });
  });
  if (issues.length > 0) throw new InvalidInputError(issues);
  return tree;
}

/** Adds one path to the tree; the problem with it, if any. */
function insert(tree: Projection, path: string): string | undefined {
  const segments = path.split('.');
  const parsed = segments.map((s) => SEGMENT.exec(s));
  const bad = parsed.findIndex((m) => m === null);
  if (bad >= 0) return `${JSON.stringify(segments[bad])} is not a field name or name[field=value]`;
  let level = tree;
  for (const [index, match] of parsed.entries()) {
    const [, name, field, value] = match as RegExpExecArray;
    const where = field === undefined ? undefined : { field, value: value as string };
    const last = index === parsed.length - 1;
    let step = level.get(name as string);
    if (step === undefined) {
      step = { where, children: last ? null : new Map() };
      level.set(name as string, step);
    } else if (step.where?.field !== where?.field || step.where?.value !== where?.value) {
      return `${name as string} is asked for with two different [field=value] selections`;
    } else if (last) {
      step.children = null;
    }
    // A field already kept whole stays whole: a deeper path asks for less.
    if (step.children === null) return undefined;
    level = step.children;
  }
  return undefined;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * @internal `value` with only the fields of `projection`: an array's elements each projected (those a
 * `[field=value]` leaves out dropped), a missing field left out rather than made up.
 */
export function project(value: unknown, projection: Projection): unknown {
  if (Array.isArray(value)) return value.map((item) => project(item, projection)).filter((item) => item !== undefined);
  if (!isRecord(value)) return undefined;
  const kept: Record<string, unknown> = {};
  for (const [name, step] of projection) {
    if (!Object.hasOwn(value, name)) continue;
    let inner = value[name];
    if (step.where && Array.isArray(inner)) {
      const { field, value: wanted } = step.where;
      inner = inner.filter((element) => isRecord(element) && Object.hasOwn(element, field) && String(element[field]) === wanted);
    }
    const projected = step.children === null ? inner : project(inner, step.children);
    if (projected !== undefined) kept[name] = projected;
  }
  return kept;
}
