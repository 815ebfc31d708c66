import { redactKnownTokens } from './known-tokens.js';

// A token written plainly, JSON-escaped (`\u005f`, `\/`) or percent-encoded (`%5F`): servers and
// proxies echo requests in all three forms, and any character of it may be the escaped one.
const TOKEN_BODY = String.raw`(?:[^\s"'<>\\,;%]|\\\/|\\u[0-9a-fA-F]{4}|%[0-9a-fA-F]{2})+`;
const TOKEN_PATTERN = new RegExp(`${literal('svc_')}(${literal('sbx')}|${literal('prod')})${literal('_')}${TOKEN_BODY}`, 'gi');

/** A pattern for `text` where each character may also be written `\u00XX` or `%XX`. */
function literal(text: string): string {
  return [...text]
    .map((c) => {
      const hex = c.charCodeAt(0).toString(16).padStart(2, '0');
      return String.raw`(?:${c}|\\u00${hex}|%${hex})`;
    })
    .join('');
}

/**
 * Replaces anything shaped like an access token with a marker, and the tokens this process's clients
 * hold in the forms no shape shows (the secret part alone, base64 copies), so no error or log can leak one.
 */
export function redactTokens(text: string): string {
  return redactKnownTokens(text.replace(TOKEN_PATTERN, (_m, env: string) => `svc_${/(?:d|64)$/i.test(env) ? 'prod' : 'sbx'}_[redacted]`));
}

/**
 * A parsed JSON value with every string redacted (keys included). The raw text may hide a token
 * behind escapes the text pattern cannot see (`\u0073vc_...`); parsed strings hold it plainly.
 */
export function redactJson<T>(value: T): T {
  if (typeof value === 'string') return redactTokens(value) as T;
  if (Array.isArray(value)) return value.map(redactJson) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [redactTokens(k), redactJson(v)])) as T;
  }
  return value;
}
