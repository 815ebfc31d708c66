import { InvalidInputError } from '../../errors/invalid-input-error.js';

/** A parsed `'METHOD /path/:param'` string, the one syntax shared by routes and fault injection. */
export interface RoutePattern {
  readonly method: string;
  readonly segments: readonly string[];
  readonly text: string;
}

/** Parses `'GET /v1/produtos/:sku'`. @throws {InvalidInputError} naming `route` when it is not a method, a space and a path. */
export function parseRoutePattern(text: string): RoutePattern {
  const match = /^([A-Za-z]+) (\/\S*)$/.exec(typeof text === 'string' ? text.trim() : '');
  if (!match) throw new InvalidInputError({ path: 'route', message: `must look like 'GET /v1/produtos/:sku' (got ${JSON.stringify(text)})` });
  return { method: match[1]!.toUpperCase(), segments: match[2]!.split('/').slice(1), text };
}

/**
 * Splits a raw, still percent-encoded path and decodes each segment. Decoding after splitting keeps
 * an encoded slash (`%2F`) inside its segment, so a sku with a slash cannot reach another route.
 * `undefined` when the encoding is malformed.
 */
export function splitPath(rawPath: string): string[] | undefined {
  try {
    return rawPath.split('/').slice(1).map(decodeURIComponent);
  } catch {
    return undefined;
  }
}

/** The `:name` values when `pattern` matches, else `undefined`. */
export function matchPattern(pattern: RoutePattern, method: string, segments: readonly string[]): Record<string, string> | undefined {
  if (pattern.method !== method || pattern.segments.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, expected] of pattern.segments.entries()) {
    const actual = segments[i]!;
    if (expected.startsWith(':') && actual !== '') params[expected.slice(1)] = actual;
    else if (expected !== actual) return undefined;
  }
  return params;
}
