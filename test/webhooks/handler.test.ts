import { describe, expect, it, vi } from 'vitest';
import { createMemoryDedupeStore, createWebhookHandler, type DedupeStore } from '../../src/webhooks/index.js';
import { eventoBody } from './fixtures.js';
import { captureLogger, deferred, testHandler } from './helpers.js';

const PEDIDO = eventoBody('pedido.criado');

describe('createWebhookHandler answers', () => {
  it('200 after running the handler of the kind with the typed event', async () => {
    const seen: unknown[] = [];
    const { handler } = testHandler({ on: { 'pedido.criado': async (e) => void seen.push(e.dados.pedido.numero) } });
    const result = await handler.handle(PEDIDO);
    expect(result).toMatchObject({ status: 200, outcome: 'handled' });
    expect(seen).toEqual([10423]);
  });

  it('200 for a kind with no handler, without running anything', async () => {
    const other = vi.fn();
    const { handler } = testHandler({ on: { 'cliente.criado': other } });
    expect(await handler.handle(PEDIDO)).toMatchObject({ status: 200, outcome: 'unhandled' });
    expect(other).not.toHaveBeenCalled();
  });

  it('200 for a kind the SDK does not know, calling onUnknown when given', async () => {
    const body = eventoBody('pedido.novo_tipo', { dados: { x: 1 } });
    expect(await testHandler().handler.handle(body)).toMatchObject({ status: 200, outcome: 'unknown' });
    const onUnknown = vi.fn();
    expect(await testHandler({ onUnknown }).handler.handle(body)).toMatchObject({ status: 200, outcome: 'handled' });
    expect(onUnknown).toHaveBeenCalledWith(expect.objectContaining({ evento: 'pedido.novo_tipo', dados: { x: 1 } }));
  });

  it('400 for a malformed body, with the problems, and no handler runs', async () => {
    const fn = vi.fn();
    const { handler, logs } = testHandler({ on: { 'pedido.criado': fn } });
    const result = await handler.handle(eventoBody('pedido.criado', { id: 'sem-prefixo' }));
    expect(result).toMatchObject({ status: 400, outcome: 'malformed', message: expect.stringContaining('id: expected an event id starting with "evt_"') });
    expect((await handler.handle('not json')).status).toBe(400);
    expect(fn).not.toHaveBeenCalled();
    expect(logs.lines.filter((l) => l.level === 'warn')).toHaveLength(2);
  });

  it('500 when the handler throws, and records nothing so the redelivery runs it again', async () => {
    let calls = 0;
    const onError = vi.fn();
    const { handler } = testHandler({
      on: {
        'pedido.criado': () => {
          if (++calls === 1) throw new Error('db down');
        },
      },
      onError,
    });
    expect(await handler.handle(PEDIDO)).toMatchObject({ status: 500, outcome: 'failed' });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'db down' }), expect.objectContaining({ stage: 'handler', status: 500 }));
    expect(await handler.handle(PEDIDO)).toMatchObject({ status: 200, outcome: 'handled' });
    expect(await handler.handle(PEDIDO)).toMatchObject({ status: 200, outcome: 'duplicate' });
    expect(calls).toBe(2);
  });

  it('logs a handler failure when there is no onError', async () => {
    const { handler, logs } = testHandler({ on: { 'pedido.criado': () => Promise.reject(new Error('boom')) } });
    await handler.handle(PEDIDO);
    expect(logs.lines).toContainEqual({ level: 'error', message: expect.stringMatching(/handler failed \(answered 500\) boom/) });
  });
});

describe('createWebhookHandler verify', () => {
  it('runs first, on the raw bytes and headers, and a false answers 401 with no parsing and no handler', async () => {
    const order: string[] = [];
    const verify = vi.fn((raw: Uint8Array, headers: Headers) => {
      order.push(`verify ${new TextDecoder().decode(raw).slice(0, 8)} ${headers.get('x-assinatura')}`);
      return false;
    });
    const { handler } = testHandler({ verify, allowUnsignedPing: false, on: { 'pedido.criado': () => void order.push('handler') } });
    expect(await handler.handle(PEDIDO, { 'x-assinatura': 'abc' })).toMatchObject({ status: 401, outcome: 'unauthorized' });
    expect(await handler.handle('not json', { 'x-assinatura': 'abc' })).toMatchObject({ status: 401 });
    expect(order).toEqual(['verify {"id":"e abc', 'verify not json abc']);
  });

  it('answers 500 when verify throws, so the supplier retries', async () => {
    const { handler, logs } = testHandler({ verify: () => Promise.reject(new Error('secret store down')) });
    expect(await handler.handle(PEDIDO)).toMatchObject({ status: 500, outcome: 'failed' });
    expect(logs.lines[0]?.message).toMatch(/verify failed.*secret store down/);
  });

  it('acknowledges an unsigned teste.ping with 200 without running its handler or recording it', async () => {
    const ping = vi.fn();
    const store = createMemoryDedupeStore();
    const add = vi.spyOn(store, 'add');
    const { handler } = testHandler({ verify: () => false, on: { 'teste.ping': ping }, dedupe: { store } });
    expect(await handler.handle(eventoBody('teste.ping'))).toMatchObject({ status: 200, outcome: 'unsigned-ping' });
    expect(await handler.handle(PEDIDO)).toMatchObject({ status: 401 });
    // Only its kind is read, never the rest (not parsed): a bare ping is acknowledged like a whole one.
    expect(await handler.handle('{"evento":"teste.ping"}')).toMatchObject({ status: 200, outcome: 'unsigned-ping' });
    expect(await handler.handle('{"evento":"teste.pong"}')).toMatchObject({ status: 401 });
    expect(ping).not.toHaveBeenCalled();
    expect(add).not.toHaveBeenCalled();
  });

  it('answers an unsigned teste.ping 401 when allowUnsignedPing is false, and runs a signed one', async () => {
    const ping = vi.fn();
    const verify = (_raw: Uint8Array, headers: Headers) => headers.has('x-assinatura');
    const { handler } = testHandler({ verify, allowUnsignedPing: false, on: { 'teste.ping': ping } });
    expect((await handler.handle(eventoBody('teste.ping'))).status).toBe(401);
    expect((await handler.handle(eventoBody('teste.ping'), { 'x-assinatura': '1' })).status).toBe(200);
    expect(ping).toHaveBeenCalledTimes(1);
  });

  it("warns once at creation when verify is 'unsafe-skip'", () => {
    const logs = captureLogger();
    createWebhookHandler({ verify: 'unsafe-skip', logger: logs.logger });
    expect(logs.lines).toEqual([{ level: 'warn', message: expect.stringContaining('signatures are not checked') }]);
  });
});

describe('createWebhookHandler dedupe', () => {
  it('runs the handler once per event id', async () => {
    const fn = vi.fn();
    const { handler } = testHandler({ on: { 'pedido.criado': fn } });
    expect((await handler.handle(PEDIDO)).outcome).toBe('handled');
    expect(await handler.handle(PEDIDO)).toMatchObject({ status: 200, outcome: 'duplicate' });
    expect((await handler.handle(eventoBody('pedido.criado', { id: 'evt_outro' }))).outcome).toBe('handled');
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('runs every delivery when dedupe is false', async () => {
    const fn = vi.fn();
    const { handler } = testHandler({ on: { 'pedido.criado': fn }, dedupe: false });
    await handler.handle(PEDIDO);
    await handler.handle(PEDIDO);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('serialises two deliveries of one id arriving together: the second waits and is a duplicate', async () => {
    const gate = deferred();
    const fn = vi.fn(() => gate.promise);
    const { handler } = testHandler({ on: { 'pedido.criado': fn } });
    const first = handler.handle(PEDIDO);
    const second = handler.handle(PEDIDO);
    await new Promise((r) => setTimeout(r, 10));
    expect(fn).toHaveBeenCalledTimes(1);
    gate.resolve();
    expect(await first).toMatchObject({ outcome: 'handled' });
    expect(await second).toMatchObject({ status: 200, outcome: 'duplicate' });
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('lets the waiting copy run the handler itself when the first one failed', async () => {
    const gate = deferred();
    let calls = 0;
    const { handler } = testHandler({ on: { 'pedido.criado': () => (++calls === 1 ? gate.promise.then(() => Promise.reject(new Error('x'))) : undefined) } });
    const first = handler.handle(PEDIDO);
    const second = handler.handle(PEDIDO);
    gate.resolve();
    expect((await first).status).toBe(500);
    expect(await second).toMatchObject({ status: 200, outcome: 'handled' });
    expect(calls).toBe(2);
  });

  it('uses an async store, with the ttl given, and answers 409 when another process reserved the id', async () => {
    const done = new Map<string, number>();
    // Keys are namespaced (`evt:<id>`), so no event id can collide with a lote item's key.
    const reserved = new Set<string>(['evt:evt_ocupado']);
    const store: DedupeStore = {
      has: async (id) => done.has(id),
      add: async (id, ttl) => void done.set(id, ttl),
      reserve: async (id) => !reserved.has(id) && !done.has(id) && reserved.add(id) !== undefined,
      release: async (id) => void reserved.delete(id),
    };
    const { handler } = testHandler({ on: { 'pedido.criado': () => {} }, dedupe: { store, ttlMs: 1234 } });
    expect((await handler.handle(PEDIDO)).outcome).toBe('handled');
    expect(done.get('evt:evt_01JD7X3K9Q2W8M4N6P')).toBe(1234);
    expect(await handler.handle(eventoBody('pedido.criado', { id: 'evt_ocupado' }))).toMatchObject({ status: 409, outcome: 'in-flight' });
    expect(await handler.handle(PEDIDO)).toMatchObject({ status: 200, outcome: 'duplicate' });
  });

  it('releases a reservation after a handler failure so the redelivery can run', async () => {
    const release = vi.fn();
    const store: DedupeStore = { has: () => false, add: () => {}, reserve: () => true, release };
    const { handler } = testHandler({
      on: {
        'pedido.criado': () => {
          throw new Error('x');
        },
      },
      dedupe: { store },
    });
    expect((await handler.handle(PEDIDO)).status).toBe(500);
    expect(release).toHaveBeenCalledWith('evt:evt_01JD7X3K9Q2W8M4N6P');
  });

  it('answers 500 when the store cannot be read, and 200 when only recording failed', async () => {
    const fn = vi.fn();
    const broken: DedupeStore = {
      has: () => {
        throw new Error('redis down');
      },
      add: () => {},
    };
    const first = testHandler({ on: { 'pedido.criado': fn }, dedupe: { store: broken } });
    expect(await first.handler.handle(PEDIDO)).toMatchObject({ status: 500 });
    expect(fn).not.toHaveBeenCalled();
    const onError = vi.fn();
    const noAdd: DedupeStore = { has: () => false, add: () => Promise.reject(new Error('full')) };
    const second = testHandler({ on: { 'pedido.criado': fn }, dedupe: { store: noAdd }, onError });
    expect(await second.handler.handle(PEDIDO)).toMatchObject({ status: 200, outcome: 'handled' });
    expect(onError).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ stage: 'dedupe', status: 200 }));
  });

  it('hands onError the kind and id of the event that failed', async () => {
    let got: [string | undefined, string | undefined] | undefined;
    const { handler } = testHandler({
      on: {
        'pedido.criado': () => {
          throw new Error('x');
        },
      },
      onError: (_e, ctx) => (got = [ctx.evento, ctx.id]),
    });
    await handler.handle(PEDIDO);
    expect(got).toEqual(['pedido.criado', 'evt_01JD7X3K9Q2W8M4N6P']);
  });
});
