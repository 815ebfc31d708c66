// Redaction of the tokens this process holds, in the forms no token-shaped pattern can see: the secret
// part without its `svc_sbx_`/`svc_prod_` prefix, and base64 (or base64url) of anything holding it
// (the token, `Bearer <token>`, Basic auth's `:<token>`). A server or proxy that echoes a request may
// write any of them; without the prefix, only knowing the token finds them.

const PREFIX = /^svc_(?:sbx|prod)_/;
/**
 * Shorter secret parts are not searched alone (a test token's `abc` would blank every `abc`); the whole
 * token, prefix included, is then the base64 needle instead, so its copies are still found.
 */
const MIN_SECRET = 8;
const BASE64_CHAR = /[A-Za-z0-9+/_-]/;

const known = new Set<string>();
let pattern: RegExp | undefined;
/** What raw text may write a character as: JSON's `\u00XX` and `\/`, a URL's `%XX`. */
const ESCAPE = /\\u([0-9a-fA-F]{4})|\\(\/)|%([0-9a-fA-F]{2})/g;
const HAS_ESCAPE = new RegExp(ESCAPE.source);

/**
 * @internal Teaches redaction a token this process holds (each client does at construction), so every
 * message, log line and MCP result made afterwards hides it in the forms above too.
 */
export function rememberToken(token: string): void {
  if (known.has(token)) return;
  known.add(token);
  pattern = undefined;
}

/**
 * The base64 characters fixed by `needle` alone, wherever it sits in the encoded bytes: for each of
 * the three alignments, the encoding of `needle` after k filler bytes, less the characters its
 * neighbours share (the first ⌈4k/3⌉ and those past ⌊4(k+n)/3⌋).
 */
function base64Cores(needle: string): string[] {
  const cores: string[] = [];
  for (let k = 0; k < 3; k++) {
    const encoded = btoa('\0'.repeat(k) + needle);
    const core = encoded.slice(Math.ceil((4 * k) / 3), Math.floor((4 * (k + needle.length)) / 3));
    cores.push(core, core.replaceAll('+', '-').replaceAll('/', '_'));
  }
  return cores;
}

const literal = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

function compile(): RegExp {
  const secrets = new Set<string>();
  const cores = new Set<string>();
  for (const token of known) {
    const secret = token.replace(PREFIX, '');
    if (secret.length >= MIN_SECRET) secrets.add(secret);
    for (const core of base64Cores(secret.length >= MIN_SECRET ? secret : token)) cores.add(core);
  }
  // Longest first, so a secret never leaves the tail of a longer one behind.
  const byLength = (a: string, b: string) => b.length - a.length;
  const alternatives = (set: Set<string>) => [...set].sort(byLength).map(literal).join('|');
  return new RegExp(`(${alternatives(cores)})${secrets.size > 0 ? `|${alternatives(secrets)}` : ''}`, 'g');
}

/**
 * `text` with its escapes decoded, and where each decoded character starts in `text` (one more entry
 * for the end), so what is found in the decoded text is cut from the raw one, escapes and all.
 */
function decoded(text: string): { text: string; at: number[] } {
  let out = '';
  const at: number[] = [];
  let from = 0;
  for (const m of text.matchAll(ESCAPE)) {
    for (let i = from; i < m.index; i++) at.push(i);
    out += text.slice(from, m.index);
    at.push(m.index);
    out += m[2] ?? String.fromCharCode(parseInt((m[1] ?? m[3]) as string, 16));
    from = m.index + m[0].length;
  }
  for (let i = from; i <= text.length; i++) at.push(i);
  return { text: out + text.slice(from), at };
}

/**
 * @internal `text` with every known token's secret part and base64 copies replaced by `[redacted]`,
 * written plainly or escaped; a base64 copy goes whole (the run of base64 characters around it), its
 * neighbours' bits included.
 */
export function redactKnownTokens(text: string): string {
  if (known.size === 0) return text;
  pattern ??= compile();
  const seen = HAS_ESCAPE.test(text) ? decoded(text) : { text, at: undefined };
  let out = '';
  let from = 0;
  pattern.lastIndex = 0;
  // exec on the one compiled pattern: matchAll would copy it (and its compilation) for every text.
  for (let match = pattern.exec(seen.text); match !== null; match = pattern.exec(seen.text)) {
    let start = match.index;
    let end = start + match[0].length;
    if (match[1] !== undefined) {
      // A core: the copy it sits in runs on over the neighbouring base64 characters and its padding.
      while (start > 0 && BASE64_CHAR.test(seen.text[start - 1] as string)) start--;
      while (end < seen.text.length && BASE64_CHAR.test(seen.text[end] as string)) end++;
      while (end < seen.text.length && seen.text[end] === '=') end++;
      pattern.lastIndex = end;
    }
    const [rawStart, rawEnd] = seen.at ? [seen.at[start] as number, seen.at[end] as number] : [start, end];
    if (rawStart < from) continue; // inside a run already redacted
    out += `${text.slice(from, rawStart)}[redacted]`;
    from = rawEnd;
  }
  return from === 0 ? text : out + text.slice(from);
}
