/**
 * Every options object of every public function and method is strict: an option the function does not
 * take is refused with one InvalidInputError naming it (its dotted path), before anything is sent,
 * opened or changed. A name a previous release took says what replaced it; a near miss of a known name
 * is refused with the names the function takes. Only the SDK's own options objects are strict: a request body or list filter
 * the partner passes stays open, as the spec lets a partner send fields the SDK does not know.
 */
import { describe, expect, it } from 'vitest';
import { InvalidInputError, PartnerCommerce, RateLimiter, fetchChangelog } from '../../src/index.js';
import { createMemoryStore, createMirror, createOutbox, readMirrorFeed, serveMirror } from '../../src/mirror/index.js';
import { buildWebhookEvent, buildWebhookRequest, createFakeApi, webhookSignatureVerifier } from '../../src/testing/index.js';
import { createWebhookHandler } from '../../src/webhooks/index.js';
import { openApiDocument } from '../../src/openapi/index.js';
import { runCli, runDoctor, startSandbox, trigger } from '../../src/cli/index.js';
import { unknownOptionIssues } from '../../src/errors/check-options.js';
import { testClient } from '../helpers/client.js';

/** The InvalidInputError `run` throws or rejects with; fails the test when it succeeds or throws another error. */
async function refusalOf(run: () => unknown): Promise<InvalidInputError> {
  try {
    await run();
  } catch (err) {
    if (err instanceof InvalidInputError) return err;
    throw err;
  }
  throw new Error('expected an InvalidInputError, the call was accepted');
}

/** A fake with no rate limit and a client on it, with the fake's request log to show nothing was sent. */
function setup() {
  const fake = createFakeApi({ catalogSize: 3, rateLimit: false });
  return { fake, client: testClient(fake.fetch) };
}

describe('the upgrade cases: a former option name is refused with its new name, not ignored', () => {
  it('mirror.backfill({ onPagina }) is refused naming onPagina and onPage, before any call', async () => {
    const { fake, client } = setup();
    const mirror = createMirror({ client, store: createMemoryStore() });
    const err = await refusalOf(() => mirror.backfill({ onPagina: () => undefined } as never));
    expect(err.issues).toEqual([expect.objectContaining({ path: 'onPagina', message: expect.stringContaining('did you mean "onPage"? it was renamed in 0.2') })]);
    expect(fake.requests).toHaveLength(0);
    await mirror.close();
  });

  it('mirror.follow({ margemMs }) is refused, saying the margin is now createMirror’s marginMs, before any call', async () => {
    const { fake, client } = setup();
    const mirror = createMirror({ client, store: createMemoryStore() });
    const err = await refusalOf(() => mirror.follow({ margemMs: 60_000 } as never));
    expect(err.issues.map((i) => i.path)).toEqual(['margemMs']);
    expect(err.message).toContain('renamed "marginMs" in 0.2, an option of createMirror');
    expect(fake.requests).toHaveLength(0);
    await mirror.close();
  });

  it('createFakeApi({ rateLimit: { perMinute, limit } }) is refused naming rateLimit.limit and perMinute', async () => {
    const err = await refusalOf(() => createFakeApi({ rateLimit: { perMinute: 5, limit: 5 } as never }));
    expect(err.issues).toEqual([{ path: 'rateLimit.limit', message: expect.stringContaining('did you mean "perMinute"? it was renamed in 0.2') }]);
  });
});

describe('error messages for removed options name the new one', () => {
  it('createMirror({ margemMs }) says "did you mean marginMs"', async () => {
    const { client } = setup();
    const err = await refusalOf(() => createMirror({ client, margemMs: 1 } as never));
    expect(err.message).toContain('margemMs: is not an option of createMirror: did you mean "marginMs"?');
  });

  it('createFakeApi({ rateLimit: { limit } }) says limit became perMinute, and not that perMinute is missing', async () => {
    const err = await refusalOf(() => createFakeApi({ rateLimit: { limit: 60 } as never }));
    expect(err.issues.map((i) => i.path)).toEqual(['rateLimit.limit']);
    expect(err.message).toContain('did you mean "perMinute"?');
  });

  it('createFakeApi({ rateLimit: { perMinute } }) is accepted with the documented one-minute window', async () => {
    const fake = createFakeApi({ catalogSize: 1, rateLimit: { perMinute: 2 }, now: () => new Date('2026-01-01T00:00:00Z') });
    const client = testClient(fake.fetch, { maxRetries: 0 });
    await client.conta.eu();
    const answer = await client.conta.eu().withMeta();
    expect(answer.meta.headers.get('x-ratelimit-limit')).toBe('2');
    expect(Number(answer.meta.headers.get('x-ratelimit-reset'))).toBeGreaterThan(50);
    await expect(client.conta.eu()).rejects.toMatchObject({ status: 429 });
  });

  it('changeAtRandom({ lotes, depoisDeCada }) names both with batches and afterEach, and changes nothing', async () => {
    const fake = createFakeApi({ catalogSize: 3, rateLimit: false });
    const before = JSON.stringify(fake.catalog.products());
    const err = await refusalOf(() => fake.catalog.changeAtRandom(5, { lotes: 0.5, depoisDeCada: () => undefined } as never));
    expect(err.issues.map((i) => [i.path, i.message.match(/did you mean "(\w+)"/)?.[1]])).toEqual([
      ['lotes', 'batches'],
      ['depoisDeCada', 'afterEach'],
    ]);
    expect(JSON.stringify(fake.catalog.products())).toBe(before);
  });
});

describe('an unknown option is refused by every function family, before any request', () => {
  it('a resource method’s call options, listing the names it takes', async () => {
    const { fake, client } = setup();
    const err = await refusalOf(() => client.produtos.listar({}, { timeoutMS: 5_000 } as never));
    expect(err.issues).toEqual([{ path: 'timeoutMS', message: expect.stringMatching(/^is not an option of the call options \(known: signal, timeoutMs, /) }]);
    expect(fake.requests).toHaveLength(0);
  });

  it('client.request’s options', async () => {
    const { fake, client } = setup();
    const err = await refusalOf(() => client.request('GET', '/v1/produtos', { retries: 2 } as never));
    expect(err.issues.map((i) => i.path)).toEqual(['retries']);
    expect(fake.requests).toHaveLength(0);
  });

  it('but a list filter the SDK does not know is sent: wire parameters stay open', async () => {
    const { fake, client } = setup();
    await client.produtos.listar({ filtroNovo: 'x' });
    expect(fake.requests.map((r) => r.path)).toEqual([expect.stringContaining('filtroNovo=x')]);
  });

  it('the outbox’s calls, with nothing saved', async () => {
    const { fake, client } = setup();
    const outbox = createOutbox({ client, store: createMemoryStore() });
    const err = await refusalOf(() => outbox.criarPedido({ itens: [{ sku: 'SKU-0001', numeracao: '38', quantidade: 1 }] }, { idempotencykey: 'k-1' } as never));
    expect(err.issues).toEqual([{ path: 'idempotencykey', message: 'is not an option of criarPedido() (known: idempotencyKey)' }]);
    expect(await outbox.get('k-1')).toBeUndefined();
    await refusalOf(() => outbox.emitir({ pedidoId: 'p' }, { key: 'k-2' } as never));
    expect(fake.requests).toHaveLength(0);
    await outbox.close();
  });

  it('the change feed’s consume(), before the consumer runs', async () => {
    const { client } = setup();
    const mirror = createMirror({ client, store: createMemoryStore() });
    let ran = 0;
    const err = await refusalOf(() => mirror.changes.consume('c', () => void ran++, { batchSize: 10 } as never));
    expect(err.issues.map((i) => i.path)).toEqual(['batchSize']);
    expect(ran).toBe(0);
    await mirror.close();
  });

  it('readMirrorFeed and serveMirror', async () => {
    const { client } = setup();
    let fetched = 0;
    const fetch = (() => (fetched++, Promise.reject(new Error('not reached')))) as typeof globalThis.fetch;
    const feed = readMirrorFeed('http://127.0.0.1:9/feed', { fetch, offset: '-1' } as never);
    expect((await refusalOf(() => feed.next())).issues.map((i) => i.path)).toEqual(['offset']);
    expect(fetched).toBe(0);
    const mirror = createMirror({ client, store: createMemoryStore() });
    expect((await refusalOf(() => serveMirror({ mirror, bind: '0.0.0.0' } as never))).issues.map((i) => i.path)).toEqual(['bind']);
    await mirror.close();
  });

  it('createWebhookHandler, at the top and inside dedupe', async () => {
    const err = await refusalOf(() => createWebhookHandler({ verify: 'unsafe-skip', on: {}, onUnknwon: () => undefined, dedupe: { ttl: 1000 } } as never));
    expect(err.issues.map((i) => i.path).sort()).toEqual(['dedupe.ttl', 'onUnknwon']);
    expect(err.message).toContain('dedupe.ttl: is not an option of dedupe (known: ttlMs, reserveTtlMs, store)');
  });

  it('RateLimiter.acquire, before taking any budget', async () => {
    const limiter = new RateLimiter({ perMinute: 1 });
    const err = await refusalOf(() => limiter.acquire({ priorty: 'bulk' } as never));
    expect(err.issues.map((i) => i.path)).toEqual(['priorty']);
    // The one call of the minute is still there: the next caller is granted it without waiting.
    let waited = false;
    const permit = await limiter.acquire({ onWait: () => void (waited = true) });
    expect(waited).toBe(false);
    permit.release();
    await limiter.close();
  });

  it('the fake’s methods: listen, setWebhookFaults, inject', async () => {
    const { fake, client } = setup();
    expect((await refusalOf(() => fake.listen({ prot: 0 } as never))).issues.map((i) => i.path)).toEqual(['prot']);
    expect((await refusalOf(() => fake.setWebhookFaults({ drops: 0.5 } as never))).issues.map((i) => i.path)).toEqual(['setWebhookFaults.drops']);
    expect((await refusalOf(() => fake.inject('GET /v1/produtos', [{ statuss: 500 } as never]))).issues.map((i) => i.path)).toContain('faults[0].statuss');
    await client.produtos.listar();
    expect(fake.requests.map((r) => r.path)).toEqual(['/v1/produtos']);
  });

  it('the kit’s helpers: webhookSignatureVerifier and buildWebhookRequest', async () => {
    expect((await refusalOf(() => webhookSignatureVerifier('segredo', { tolerance: 5 } as never))).issues.map((i) => i.path)).toEqual(['tolerance']);
    expect((await refusalOf(() => buildWebhookRequest(buildWebhookEvent('teste.ping'), { header: {} } as never))).issues.map((i) => i.path)).toEqual(['header']);
  });

  it('openApiDocument and fetchChangelog, before any fetch', async () => {
    expect((await refusalOf(() => openApiDocument({ serverURL: 'https://x' } as never))).issues.map((i) => i.path)).toEqual(['serverURL']);
    let fetched = 0;
    const fetch = (() => (fetched++, Promise.reject(new Error('not reached')))) as typeof globalThis.fetch;
    await refusalOf(() => fetchChangelog('https://docs.example.test', { fetch, timeoutMs: 5 } as never));
    expect(fetched).toBe(0);
  });

  it('the command line’s functions: startSandbox, trigger, runDoctor, runCli', async () => {
    const { fake, client } = setup();
    expect((await refusalOf(() => startSandbox({ prot: 4010 } as never))).issues.map((i) => i.path)).toEqual(['prot']);
    expect((await refusalOf(() => trigger(client, 'pedido.criado', { pedidoID: 'x' } as never))).issues.map((i) => i.path)).toEqual(['pedidoID']);
    expect(fake.requests).toHaveLength(0);
    expect((await refusalOf(() => runDoctor({ tokn: 'svc_sbx_x' } as never))).issues.map((i) => i.path)).toEqual(['tokn']);
    expect((await refusalOf(() => runCli(['--version'], { stdout: () => undefined } as never))).issues.map((i) => i.path)).toEqual(['stdout']);
  });
});

describe('the wording of an unknown option', () => {
  it('names the owner and the known names, and guesses nothing for a name that is not a former one', () => {
    expect(unknownOptionIssues({ alpah: 1 }, new Set(['alpha', 'beta']), 'f')).toEqual([{ path: 'alpah', message: 'is not an option of f (known: alpha, beta)' }]);
  });

  it('gives a former name’s hint only where it was that option: limit is former only inside createFakeApi’s rateLimit', () => {
    expect(unknownOptionIssues({ limit: 1 }, new Set(['perMinute']), 'createFakeApi')[0]!.message).not.toContain('did you mean');
    expect(unknownOptionIssues({ limit: 1 }, new Set(['perMinute']), 'f', 'rateLimit')[0]!.message).not.toContain('did you mean');
    expect(unknownOptionIssues({ limit: 1 }, new Set(['perMinute']), 'createFakeApi', 'rateLimit')[0]).toEqual({
      path: 'rateLimit.limit',
      message: expect.stringContaining('did you mean "perMinute"?'),
    });
  });

  it('claims no rename for the client’s rateLimit.limit, an option 0.1’s client never took', () => {
    let caught: unknown;
    try {
      new PartnerCommerce({ token: 'svc_sbx_strict_0123456789', baseUrl: 'https://sandbox.example.test', rateLimit: { limit: 5 } as never });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(InvalidInputError);
    expect((caught as InvalidInputError).issues).toEqual([{ path: 'rateLimit.limit', message: expect.stringMatching(/^is not an option of rateLimit \(known: perMinute, windowMs/) }]);
  });
});
