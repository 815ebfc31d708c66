import { InvalidInputError } from '../../index.js';
import { TIPOS_EVENTO } from '../../webhooks/index.js';

/**
 * The receivers to forward to, checked: each an absolute http(s) URL. `field` names the option in
 * the error (`forwardTo` from code, `--forward-to` from the command line).
 */
export function checkForwardTargets(value: string | readonly string[] | undefined, field: string): string[] {
  const urls = value === undefined ? [] : typeof value === 'string' ? [value] : [...value];
  urls.forEach((url, i) => {
    let parsed: URL | undefined;
    try {
      parsed = new URL(url);
    } catch {
      parsed = undefined;
    }
    if (parsed === undefined || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
      throw new InvalidInputError({ path: urls.length > 1 ? `${field}[${i}]` : field, message: `${JSON.stringify(url)} is not an http or https URL` });
    }
  });
  return urls;
}

/**
 * The event kinds to keep, checked against the spec's kinds (a misspelt kind would silently
 * forward nothing); `undefined` keeps every kind.
 */
export function checkEventKinds(kinds: readonly string[] | undefined, field: string): ReadonlySet<string> | undefined {
  if (kinds === undefined) return undefined;
  if (kinds.length === 0) throw new InvalidInputError({ path: field, message: `name at least one event kind; one of ${TIPOS_EVENTO.join(', ')}` });
  const unknown = kinds.filter((k) => !(TIPOS_EVENTO as readonly string[]).includes(k));
  if (unknown.length > 0) throw new InvalidInputError({ path: field, message: `unknown event kind ${unknown.map((k) => JSON.stringify(k)).join(', ')}; one of ${TIPOS_EVENTO.join(', ')}` });
  return new Set(kinds);
}
