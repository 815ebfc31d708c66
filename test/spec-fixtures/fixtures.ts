// Loads the hand-written spec fixtures and judges a JSON value by one of them. Deliberately written
// without the SDK's schemas, models or parsers: the fixtures are the third party that can tell the
// kit and the SDK apart when they agree on a misreading.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** One fixture file: the spec's example body and the rules the example alone cannot carry. */
export interface SpecFixture {
  /** Spec section(s) the fixture was written from. */
  $spec: string;
  /** File name without `.json` (`produtos.obter`, `produto.lote.com-alterados`). */
  name: string;
  /** Answer fixtures: `METHOD /path` of the operation. */
  $operation?: string;
  /** Answer fixtures: the SDK method (`produtos.obter`), or `ApiError` for the error body. */
  $sdk?: string;
  /** Answer fixtures: the status the spec states (a number), or `"2xx"` where it says none. */
  $status?: number | string;
  /** Event fixtures: the event kind. */
  $evento?: string;
  /** Paths whose value must be one of these (`dados[].status`). */
  $enums?: Record<string, unknown[]>;
  /** Paths that may be absent. */
  $optional?: string[];
  /** Paths that may be null besides the example's type. */
  $nullable?: string[];
  /** Paths the spec only names: present, any JSON type. */
  $untyped?: string[];
  /** The example; `null` where the spec shows no body (any answer, or none, conforms). */
  body: unknown;
}

const ROOT = fileURLToPath(new URL('.', import.meta.url));

function load(folder: 'answers' | 'events'): SpecFixture[] {
  return readdirSync(`${ROOT}${folder}`)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ ...(JSON.parse(readFileSync(`${ROOT}${folder}/${f}`, 'utf8')) as Omit<SpecFixture, 'name'>), name: f.slice(0, -'.json'.length) }));
}

/** Every answer fixture, keyed by file name (the SDK method, or `erro`). */
export const ANSWERS: ReadonlyMap<string, SpecFixture> = new Map(load('answers').map((f) => [f.name, f]));
/** Every event fixture, keyed by file name (the event kind; `produto.lote` has two). */
export const EVENTS: ReadonlyMap<string, SpecFixture> = new Map(load('events').map((f) => [f.name, f]));

export function answer(name: string): SpecFixture {
  const f = ANSWERS.get(name);
  if (!f) throw new Error(`no answer fixture ${name}`);
  return f;
}

export function event(name: string): SpecFixture {
  const f = EVENTS.get(name);
  if (!f) throw new Error(`no event fixture ${name}`);
  return f;
}

/** The spec's money: a string with exactly two decimals and a dot (General conventions > Money). */
export const MONEY = /^-?\d+\.\d{2}$/;
/** The spec's timestamps in outputs: ISO 8601 with the Brasilia offset -03:00 (General conventions). */
export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?-03:00$/;

type Kind = 'null' | 'array' | 'object' | 'integer' | 'number' | 'boolean' | 'money' | 'timestamp' | 'string';

/** The JSON kind of a value; strings shaped like money or timestamps count as those. */
export function kindOf(value: unknown): Kind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'string') return MONEY.test(value) ? 'money' : TIMESTAMP.test(value) ? 'timestamp' : 'string';
  return typeof value as Kind;
}

/**
 * What is wrong with `actual` as an instance of `fixture`, one line per problem (empty when it
 * conforms): every key of the example present (unless `$optional`), with the same JSON kind
 * (money and timestamps by their spec format), array items matching one of the example's items,
 * enum paths within their values. Keys the example lacks are allowed (clients ignore unknown fields).
 */
export function shapeProblems(fixture: SpecFixture, actual: unknown): string[] {
  const problems: string[] = [];
  const has = (list: string[] | undefined, path: string) => list?.includes(path) ?? false;
  const walk = (expected: unknown, value: unknown, path: string, out: string[]): void => {
    const at = path === '' ? '(body)' : path;
    if (has(fixture.$untyped, path)) return;
    if (value === null && has(fixture.$nullable, path)) return;
    const enumValues = fixture.$enums?.[path];
    if (enumValues && !enumValues.some((v) => v === value)) out.push(`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(enumValues)}`);
    const want = kindOf(expected);
    const got = kindOf(value);
    if (want !== got) {
      // A string that happens to look like money or a date still satisfies a plain string field.
      if (!(want === 'string' && (got === 'money' || got === 'timestamp'))) out.push(`${at}: expected ${want}, got ${got} ${JSON.stringify(value)}`);
      return;
    }
    if (want === 'object') {
      const e = expected as Record<string, unknown>;
      const v = value as Record<string, unknown>;
      for (const key of Object.keys(e)) {
        const sub = path === '' ? key : `${path}.${key}`;
        if (!Object.hasOwn(v, key)) {
          if (!has(fixture.$optional, sub)) out.push(`${sub}: missing`);
          continue;
        }
        walk(e[key], v[key], sub, out);
      }
    } else if (want === 'array') {
      const items = expected as unknown[];
      if (items.length === 0) return;
      (value as unknown[]).forEach((item, i) => {
        // An item conforms when it matches one of the example's items (lote items differ by kind).
        const tries = items.map((e) => {
          const o: string[] = [];
          walk(e, item, `${path}[]`, o);
          return o;
        });
        const best = tries.reduce((a, b) => (b.length < a.length ? b : a));
        if (best.length > 0) out.push(...best.map((p) => `[${i}] ${p}`));
      });
    }
  };
  walk(fixture.body, actual, '', problems);
  return problems;
}

/** What is wrong with a notice, judged by its kind's fixture (for a lote, the lote fixture it fits best). */
export function noticeProblems(notice: unknown): string[] {
  const kind = (notice as { evento?: unknown } | null)?.evento;
  const candidates = [...EVENTS.values()].filter((f) => f.$evento === kind);
  if (candidates.length === 0) return [`no fixture for event kind ${JSON.stringify(kind)}`];
  return candidates.map((f) => shapeProblems(f, JSON.parse(JSON.stringify(notice)))).reduce((x, y) => (y.length < x.length ? y : x));
}

/** What is wrong with an answer, judged by the fixture of that operation (`answers/<name>.json`). */
export function answerProblems(name: string, body: unknown): string[] {
  return shapeProblems(answer(name), body);
}
