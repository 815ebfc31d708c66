import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, InvalidInputError } from '../../src/index.js';
import { Transport } from '../../src/transport/transport.js';
import { resolveOptions } from '../../src/transport/client-options.js';
import { BASE_URL, SANDBOX_TOKEN, apiError, json, reset, scriptedFetch } from '../helpers/scripted-fetch.js';

function transport(fetch: typeof globalThis.fetch) {
  return new Transport(resolveOptions({ token: SANDBOX_TOKEN, baseUrl: BASE_URL, fetch, rateLimit: false, retryDelayMs: 1, logLevel: 'off' }));
}

/** A creation call as pedidos.criar and etiquetas.emitir make it. */
function criar(t: Transport, idempotencyKey?: string) {
  return t.call({ operation: 'pedidos.criar', method: 'POST', route: '/v1/pedidos', body: { referenciaExterna: 'r1' }, idempotency: 'required', options: { idempotencyKey } });
}

describe('creation calls', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('send a fresh random Idempotency-Key when the caller gives none, the same on every retry', async () => {
    const { fetch, seen } = scriptedFetch(
      () => apiError(503, 'SERVICO_INDISPONIVEL'),
      reset,
      () => json(201, { id: 'p1' }),
    );
    const call = criar(transport(fetch)).withMeta();
    await vi.advanceTimersByTimeAsync(100);
    const { meta } = await call;
    const keys = seen.map((r) => r.headers.get('idempotency-key'));
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(meta.idempotencyKey).toBe(keys[0]);
  });

  it('use a different key for each call', async () => {
    const { fetch, seen } = scriptedFetch(() => json(201, { id: 'p1' }));
    const t = transport(fetch);
    await criar(t);
    await criar(t);
    expect(seen[0]!.headers.get('idempotency-key')).not.toBe(seen[1]!.headers.get('idempotency-key'));
  });

  it("use the caller's key", async () => {
    const { fetch, seen } = scriptedFetch(() => json(201, { id: 'p1' }));
    await criar(transport(fetch), 'pedido-r1');
    expect(seen[0]!.headers.get('idempotency-key')).toBe('pedido-r1');
  });

  it.each([
    ['empty', ''],
    ['with a space', 'a b'],
    ['256 characters', 'k'.repeat(256)],
    ['not visible ASCII', 'chave\u00e7'],
    ['with a tab', 'a\tb'],
  ])('refuse a key %s before sending', async (_, key) => {
    const { fetch, seen } = scriptedFetch(() => json(201, {}));
    const err = await criar(transport(fetch), key).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidInputError);
    expect((err as InvalidInputError).issues[0]!.path).toBe('idempotencyKey');
    expect(seen).toHaveLength(0);
  });

  it('accept a key of exactly 255 visible characters', async () => {
    const { fetch, seen } = scriptedFetch(() => json(201, {}));
    await criar(transport(fetch), '~'.repeat(255));
    expect(seen).toHaveLength(1);
  });

  it('expose the key on every error of the call, so it can be persisted and replayed', async () => {
    const { fetch } = scriptedFetch(() => apiError(422, 'ITENS_INDISPONIVEIS', { itens: [{ indice: 0, motivo: 'SEM_ESTOQUE', disponivel: 0 }] }));
    const err = await criar(transport(fetch), 'pedido-r9').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).idempotencyKey).toBe('pedido-r9');
  });

  it('expose the generated key on a connection error too', async () => {
    const { fetch, seen } = scriptedFetch(reset);
    const outcome = criar(transport(fetch)).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    const err = (await outcome) as { idempotencyKey?: string };
    expect(err.idempotencyKey).toBe(seen[0]!.headers.get('idempotency-key'));
    expect(seen).toHaveLength(4);
  });

  it('surface Idempotent-Replayed: true on the metadata', async () => {
    const { fetch } = scriptedFetch(() => json(201, { id: 'p1' }, { 'idempotent-replayed': 'true' }));
    const { meta } = await criar(transport(fetch), 'k').withMeta();
    expect(meta.idempotentReplayed).toBe(true);
  });
});
