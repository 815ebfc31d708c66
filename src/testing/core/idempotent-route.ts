import { canonicalJson } from '../../internal/canonical-json.js';
import type { RouteContext, RouteHandler, RouteResult } from './context.js';
import { FakeApiError } from './fake-error.js';

// 1 to 255 visible ASCII characters, no spaces: the spec's rule.
const VALID_KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * Wraps a creation route (order creation, label issue) with the spec's Idempotency-Key rules:
 * missing → 400 IDEMPOTENCY_KEY_OBRIGATORIA; malformed → 400 IDEMPOTENCY_KEY_INVALIDA; same key and
 * same body → the first answer again with `Idempotent-Replayed: true` (nothing runs, nothing is
 * emitted); same key, other body → 422 IDEMPOTENCY_KEY_REUTILIZADA.
 */
export function idempotent(handler: RouteHandler): RouteHandler {
  return async (context: RouteContext): Promise<RouteResult> => {
    const key = context.headers.get('idempotency-key');
    if (key === null) throw new FakeApiError(400, 'IDEMPOTENCY_KEY_OBRIGATORIA', 'Esta operação exige o cabeçalho Idempotency-Key.');
    if (!VALID_KEY.test(key)) {
      throw new FakeApiError(400, 'IDEMPOTENCY_KEY_INVALIDA', 'Idempotency-Key deve ter de 1 a 255 caracteres visíveis, sem espaços.', [
        { campo: 'Idempotency-Key', mensagem: 'de 1 a 255 caracteres visíveis, sem espaços' },
      ]);
    }
    const nowMs = context.now.getTime();
    const fingerprint = canonical(context.body);
    const store = context.account.idempotency;
    const first = store.get(context.route, key, nowMs);
    if (first) {
      if (first.fingerprint !== fingerprint) {
        throw new FakeApiError(422, 'IDEMPOTENCY_KEY_REUTILIZADA', 'Esta Idempotency-Key já foi usada com outro corpo; use uma chave nova.');
      }
      return { status: first.status, body: first.bodyText, headers: { ...first.headers, 'Idempotent-Replayed': 'true' } };
    }
    const result = await handler(context);
    if (result.status >= 200 && result.status < 300) {
      const bodyText = result.body === undefined ? undefined : JSON.stringify(result.body);
      store.set(context.route, key, nowMs, { fingerprint, status: result.status, bodyText, headers: result.headers ?? {} });
    }
    return result;
  };
}

// The same request written with other spacing or key order is the same request. The one canonical JSON
// (the mirror's too) says nothing about the API's records, so the kit may share it.
function canonical(body: string): string {
  try {
    return canonicalJson(JSON.parse(body)) ?? body;
  } catch {
    return body;
  }
}
