import { InvalidInputError } from '../../src/index.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi } from '../../src/testing/index.js';
import { BASE, get, readJson, TOKEN, type ErroBody } from './helpers.js';

describe('createFakeApi fault injection and request log', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the injected statuses in order, then serves normally', async () => {
    const fake = createFakeApi();
    fake.inject('GET /v1/produtos/:sku', [{ status: 503 }, { status: 500, codigo: 'OUTRO_CODIGO' }]);
    const first = await get(fake, '/v1/produtos/SKU-0001');
    expect(first.status).toBe(503);
    const body = await readJson<ErroBody>(first);
    expect(body.erro.codigo).toBe('SERVICO_INDISPONIVEL');
    expect(body.erro.requestId).toBe(first.headers.get('x-request-id'));
    expect((await readJson<ErroBody>(await get(fake, '/v1/produtos/SKU-0002'))).erro.codigo).toBe('OUTRO_CODIGO');
    expect((await get(fake, '/v1/produtos/SKU-0001')).status).toBe(200);
    expect(fake.requests).toHaveLength(3);
  });

  it('touches only requests whose method and path match the route', async () => {
    const fake = createFakeApi();
    fake.inject('GET /v1/produtos/:sku', [{ status: 500 }]);
    expect((await get(fake, '/v1/produtos')).status).toBe(200);
    expect((await get(fake, '/v1/produtos/SKU-0001/estoque')).status).toBe(200);
    expect((await get(fake, '/v1/produtos/SKU-0001')).status).toBe(500);
  });

  it('sends injected headers and a raw body as given, without counting the call', async () => {
    const fake = createFakeApi({ rateLimit: { perMinute: 5, windowMs: 60_000 } });
    fake.inject('GET /v1/conta', [
      { status: 429, headers: { 'Retry-After': '2' } },
      { status: 502, headers: { 'Content-Type': 'text/html' }, body: '<html>Bad Gateway</html>' },
    ]);
    const limited = await get(fake, '/v1/conta');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect((await readJson<ErroBody>(limited)).erro.codigo).toBe('LIMITE_EXCEDIDO');
    const gateway = await get(fake, '/v1/conta');
    expect(gateway.headers.get('content-type')).toBe('text/html');
    expect(await gateway.text()).toBe('<html>Bad Gateway</html>');
    expect((await get(fake, '/v1/conta')).headers.get('x-ratelimit-remaining')).toBe('4');
  });

  it('delays the answer by delayMs, on the fake timers', async () => {
    vi.useFakeTimers();
    const fake = createFakeApi();
    fake.inject('GET /v1/conta', [{ delayMs: 5_000 }]);
    let settled = false;
    const pending = get(fake, '/v1/conta').then((r) => ((settled = true), r));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).status).toBe(200);
  });

  it('rejects a delayed call with the abort reason when the caller gives up', async () => {
    vi.useFakeTimers();
    const fake = createFakeApi();
    fake.inject('GET /v1/conta', [{ delayMs: 60_000 }]);
    const controller = new AbortController();
    const pending = fake.fetch(`${BASE}/v1/conta`, { headers: { Authorization: `Bearer ${TOKEN}` }, signal: controller.signal });
    const reason = new Error('timed out');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });

  it('rejects a delayed call given as a Request with the abort reason of the Request’s own signal', async () => {
    vi.useFakeTimers();
    const fake = createFakeApi();
    fake.inject('GET /v1/conta', [{ delayMs: 60_000 }]);
    const controller = new AbortController();
    const pending = fake.fetch(new Request(`${BASE}/v1/conta`, { headers: { Authorization: `Bearer ${TOKEN}` }, signal: controller.signal }));
    const reason = new Error('gave up');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });

  it('drops the connection: fetch rejects with a TypeError, and the attempt is still logged', async () => {
    const fake = createFakeApi();
    fake.inject('GET /v1/produtos', [{ drop: true }]);
    const error = await get(fake, '/v1/produtos?limite=2').catch((err: unknown) => err);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).message).toBe('fetch failed');
    await expect(fake.handle(new Request(`${BASE}/v1/produtos`))).resolves.toBeInstanceOf(Response);
    expect(fake.requests.map((r) => r.path)).toEqual(['/v1/produtos?limite=2', '/v1/produtos']);
  });

  it('drops the answer after applying: the order exists, the caller gets a TypeError, and the same key replays the first answer', async () => {
    const fake = createFakeApi();
    fake.inject('POST /v1/pedidos', [{ drop: true, afterApplying: true }]);
    const produto = fake.catalog.products().find((p) => p.ativo && p.numeracoes.some((n) => n.estoque > 0))!;
    const numeracao = produto.numeracoes.find((n) => n.estoque > 0)!.numeracao;
    const post = () =>
      fake.fetch(`${BASE}/v1/pedidos`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${TOKEN}`, 'Idempotency-Key': 'perdida-1', 'content-type': 'application/json' },
        body: JSON.stringify({ itens: [{ sku: produto.sku, numeracao, quantidade: 1 }] }),
      });
    const lost = await post().catch((err: unknown) => err);
    expect(lost).toBeInstanceOf(TypeError);
    const listed = await readJson<{ dados: Array<{ id: string }> }>(await get(fake, '/v1/pedidos'));
    expect(listed.dados).toHaveLength(1);
    const again = await post();
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await readJson<{ id: string }>(again)).id).toBe(listed.dados[0]!.id);
    expect((await readJson<{ dados: unknown[] }>(await get(fake, '/v1/pedidos'))).dados).toHaveLength(1);
    expect(() => fake.inject('POST /v1/pedidos', [{ drop: true, afterApplying: 'yes' as never }])).toThrow(/afterApplying/);
  });

  it('records method, path with query, headers and body of every request', async () => {
    const fake = createFakeApi();
    await fake.handle(new Request(`${BASE}/v1/pedidos?x=1`, { method: 'POST', headers: { Authorization: `Bearer ${TOKEN}`, 'Idempotency-Key': 'k1' }, body: '{"a":1}' }));
    expect(fake.requests).toHaveLength(1);
    const [recorded] = fake.requests;
    expect(recorded).toMatchObject({ method: 'POST', path: '/v1/pedidos?x=1', body: '{"a":1}' });
    expect(recorded?.headers['idempotency-key']).toBe('k1');
    expect(recorded?.headers.authorization).toBe('Bearer svc_sbx_[redacted]');
    expect(recorded?.at).toBeInstanceOf(Date);
  });

  it('refuses a malformed route or fault with an InvalidInputError naming it', () => {
    const fake = createFakeApi();
    expect(() => fake.inject('/v1/conta', [{ status: 500 }])).toThrow(InvalidInputError);
    expect(() => fake.inject('/v1/conta', [{ status: 500 }])).toThrow(/route: must look like/);
    expect(() => fake.inject('GET /v1/conta', [{ status: 42 }])).toThrow(/status/);
    expect(() => fake.inject('GET /v1/conta', [{} as never])).toThrow(/status, drop or delayMs/);
  });
});
