import { InvalidInputError } from '../errors/invalid-input-error.js';
import { kindOf } from '../internal/kind-of.js';

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// URL parsers drop TAB, LF and CR silently and read a backslash as a slash: `/a\\..\\b` would reach `/b`.
const UNSAFE_IN_RAW_PATH = /[\\\x00-\x1f\x7f]/;

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
    if (LONE_SURROGATE.test(text)) throw new InvalidInputError({ path: name, message: 'contains a lone surrogate (text that is not valid Unicode)' });
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
  if (UNSAFE_IN_RAW_PATH.test(path)) throw new InvalidInputError({ path: 'path', message: 'must not contain backslashes or control characters (tab, line feed...)' });
  if (LONE_SURROGATE.test(path)) throw new InvalidInputError({ path: 'path', message: 'contains a lone surrogate (text that is not valid Unicode)' });
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

/**
 * The path as the URL parser will send it under `baseUrl`, decoded per segment, refused when it is
 * not the route that was written (a parser resolving dot segments or dropping characters). Every
 * later rule (the sandbox-only check) runs on this result, never on the text as written.
 */
export function pathAsSent(baseUrl: string, path: string): string {
  const base = new URL(baseUrl);
  const sentPathname = new URL(`${baseUrl}${path}`).pathname;
  const prefix = base.pathname.replace(/\/+$/, '');
  const sent = sentPathname.startsWith(`${prefix}/`) ? sentPathname.slice(prefix.length) : undefined;
  const decode = (p: string) => p.split('/').map(safeDecode).join('/');
  if (sent === undefined || decode(sent) !== decode(path)) {
    throw new InvalidInputError({ path: 'path', message: `would be sent as "${sent ?? sentPathname}", not as written ("${path}")` });
  }
  return decode(sent);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** @internal True for the routes that exist only in the sandbox (`/v1/sandbox/...`), any case. */
export function isSandboxOnlyPath(decodedPath: string): boolean {
  return /^\/v1\/sandbox(\/|$)/i.test(decodedPath);
}
