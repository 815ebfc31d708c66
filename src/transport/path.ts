import { InvalidInputError } from '../errors/invalid-input-error.js';
import { kindOf } from '../internal/kind-of.js';

/** Values a path parameter may take. */
export type PathParam = string | number;

/**
 * Fills `{name}` placeholders of a route template, percent-encoding each value as one whole
 * segment. `.` and `..` are refused because a URL parser would resolve them (`produtos.obter('../conta')`
 * must never reach /v1/conta); so are empty values, which would merge two segments.
 */
export function buildPath(template: string, params: Readonly<Record<string, PathParam>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (typeof value === 'number' ? !Number.isFinite(value) : typeof value !== 'string') {
      throw new InvalidInputError({ path: name, message: `must be a string (got ${kindOf(value)})` });
    }
    const text = String(value);
    if (text === '') throw new InvalidInputError({ path: name, message: 'must not be empty' });
    if (text === '.' || text === '..') throw new InvalidInputError({ path: name, message: `"${text}" is not a valid identifier` });
    return encodeURIComponent(text);
  });
}

/**
 * Checks a caller-written path for `client.request()`: absolute, no query or fragment, and no
 * empty, `.` or `..` segment (literal or percent-encoded), so it reaches exactly the route written.
 */
export function checkRawPath(path: unknown): string {
  if (typeof path !== 'string' || !path.startsWith('/')) {
    throw new InvalidInputError({ path: 'path', message: 'must be a string starting with "/" (for example "/v1/conta")' });
  }
  if (/[?#]/.test(path)) throw new InvalidInputError({ path: 'path', message: 'must not contain "?" or "#"; pass query parameters in `query`' });
  for (const segment of path.slice(1).split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      throw new InvalidInputError({ path: 'path', message: `segment "${segment}" is not valid percent-encoding` });
    }
    if (segment === '' || decoded === '.' || decoded === '..') {
      throw new InvalidInputError({ path: 'path', message: `must not contain empty, "." or ".." segments (got "${path}")` });
    }
  }
  return path;
}
