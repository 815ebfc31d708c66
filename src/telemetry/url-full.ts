/** @internal What stands for every query value in `url.full` (the word the HTTP semantic conventions use). */
export const REDACTED = 'REDACTED';

/**
 * @internal `url.full` with every query value replaced by `REDACTED`, the keys kept
 * (`?cpf=REDACTED&email=REDACTED`): list filters carry personal data (a CPF, an e-mail), and spans
 * travel to collectors and vendors the partner's customers never agreed to. A fragment is dropped (it
 * is never sent). The semantic conventions allow this redaction for any value the instrumentation
 * deems sensitive; the keys alone still tell which filters a call used.
 */
export function redactQueryValues(url: string): string {
  const hash = url.indexOf('#');
  const sent = hash < 0 ? url : url.slice(0, hash);
  const q = sent.indexOf('?');
  if (q < 0) return sent;
  const pairs = sent.slice(q + 1).split('&');
  return `${sent.slice(0, q + 1)}${pairs.map((pair) => (pair.includes('=') ? `${pair.slice(0, pair.indexOf('='))}=${REDACTED}` : pair)).join('&')}`;
}
