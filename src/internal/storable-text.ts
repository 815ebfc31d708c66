/** @internal NUL, and a UTF-16 surrogate without its pair: Postgres' jsonb and text columns refuse both. */
export const UNSTORABLE_CHAR = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_CHARS = new RegExp(UNSTORABLE_CHAR.source, 'g');

/** @internal The text with every character a store refuses written as its `\uXXXX` escape (for keys, messages and logs). */
export function storableText(text: string): string {
  return text.replace(UNSTORABLE_CHARS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
