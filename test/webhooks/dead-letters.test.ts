import { describe, expect, it } from 'vitest';
import { createMemoryDeadLetterStore, createMemoryDedupeStore } from '../../src/webhooks/index.js';
import { InvalidInputError } from '../../src/index.js';
import { eventoBody } from './fixtures.js';
import { captureLogger, testHandler } from './helpers.js';

const TOKEN = 'svc_prod_' + 'a'.repeat(40);

/** A handler whose pedido.criado function fails while `failing` holds, counting its runs by id. */
function failingHandler(options: Parameters<typeof testHandler>[0] = {}) {
  const state = { failing: true, runs: new Map<string, number>() };
  const deadLetters = createMemoryDeadLetterStore();
  const { handler, logs } = testHandler({
    deadLetters,
    on: {
      'pedido.criado': (e) => {
        state.runs.set(e.id, (state.runs.get(e.id) ?? 0) + 1);
        if (state.failing) throw new Error(`banco fora do ar (token ${TOKEN})`);
      },
    },
    ...options,
  });
  return { handler, logs, deadLetters, state };
}

describe('webhook dead letters', () => {
  it('records a notice whose handler threw, answers 500 still, and redacts the error', async () => {
    const { handler, deadLetters } = failingHandler();
    const body = eventoBody('pedido.criado', { id: 'evt_a1' });
    expect((await handler.handle(body)).status).toBe(500);
    const [letter, ...rest] = await deadLetters.list();
    expect(rest).toEqual([]);
    expect(letter).toMatchObject({ id: 'evt_a1', evento: 'pedido.criado', body, attempts: 1, error: { name: 'Error' } });
    expect(letter!.error.message).toContain('banco fora do ar');
    expect(letter!.error.message).not.toContain(TOKEN);
    expect(letter!.firstFailedAt).toBe(letter!.lastFailedAt);
  });

  it("counts the sender's retries that fail again, and removes the record when one succeeds", async () => {
    const { handler, deadLetters, state } = failingHandler();
    const body = eventoBody('pedido.criado', { id: 'evt_a2' });
    await handler.handle(body);
    await handler.handle(body);
    expect((await deadLetters.list()).map((l) => l.attempts)).toEqual([2]);
    state.failing = false;
    expect((await handler.handle(body)).status).toBe(200);
    expect(await deadLetters.list()).toEqual([]);
  });

  it('records nothing for a refused signature, a malformed body or a notice without a handler', async () => {
    const deadLetters = createMemoryDeadLetterStore();
    const { handler } = testHandler({ deadLetters, verify: (raw) => !new TextDecoder().decode(raw).includes('forjado'), on: {} });
    expect((await handler.handle(eventoBody('pedido.criado', { id: 'evt_forjado' }))).status).toBe(401);
    expect((await handler.handle('{"evento":')).status).toBe(400);
    expect((await handler.handle(eventoBody('pedido.criado', { id: 'evt_x' }))).status).toBe(200);
    expect(await deadLetters.list()).toEqual([]);
  });

  it('replays a recorded notice once the cause is fixed, then finds nothing left', async () => {
    const { handler, deadLetters, state } = failingHandler();
    await handler.handle(eventoBody('pedido.criado', { id: 'evt_b1' }));
    await handler.handle(eventoBody('pedido.criado', { id: 'evt_b2' }));
    state.failing = false;
    const result = await handler.replayDeadLetters();
    expect(result).toMatchObject({ replayed: 2, duplicates: 0, failed: 0, unreadable: 0, stopped: false });
    expect(result.notices.map((n) => [n.id, n.outcome])).toEqual([
      ['evt_b1', 'replayed'],
      ['evt_b2', 'replayed'],
    ]);
    expect(await deadLetters.list()).toEqual([]);
    expect(state.runs.get('evt_b1')).toBe(2);
    expect((await handler.replayDeadLetters()).notices).toEqual([]);
  });

  it('removes without running a record the dedupe store shows handled', async () => {
    const dedupe = createMemoryDedupeStore();
    const { handler, deadLetters, state } = failingHandler({ dedupe: { store: dedupe } });
    await handler.handle(eventoBody('pedido.criado', { id: 'evt_c1' }));
    // Handled elsewhere meanwhile (another receiver sharing the dedupe store, not this dead-letter store).
    await dedupe.add('evt:evt_c1', 60_000);
    state.failing = false;
    const result = await handler.replayDeadLetters();
    expect(result).toMatchObject({ replayed: 0, duplicates: 1 });
    expect(state.runs.get('evt_c1')).toBe(1);
    expect(await deadLetters.list()).toEqual([]);
  });

  it('keeps a record that fails again, with one more attempt, and goes on to the next', async () => {
    const { handler, deadLetters, state } = failingHandler();
    await handler.handle(eventoBody('pedido.criado', { id: 'evt_d1' }));
    await handler.handle(eventoBody('pedido.criado', { id: 'evt_d2' }));
    const result = await handler.replayDeadLetters();
    expect(result).toMatchObject({ replayed: 0, failed: 2 });
    expect((await deadLetters.list()).map((l) => [l.id, l.attempts])).toEqual([
      ['evt_d1', 2],
      ['evt_d2', 2],
    ]);
    expect(state.runs.get('evt_d2')).toBe(2);
  });

  it("sets aside a record whose body no longer parses, or whose id is not its body's, and replays the others", async () => {
    const { handler, deadLetters, state } = failingHandler();
    await deadLetters.record({ id: 'evt_e0', evento: 'pedido.criado', body: '{"evento": "pedido.criado", trunc', error: { name: 'Error', message: 'x' }, failedAt: Date.now() });
    await deadLetters.record({ id: 'evt_e1', evento: 'pedido.criado', body: eventoBody('pedido.criado', { id: 'evt_other' }), error: { name: 'Error', message: 'x' }, failedAt: Date.now() });
    await handler.handle(eventoBody('pedido.criado', { id: 'evt_e2' }));
    state.failing = false;
    const result = await handler.replayDeadLetters();
    expect(result.notices.map((n) => [n.id, n.outcome])).toEqual([
      ['evt_e0', 'unreadable'],
      ['evt_e1', 'unreadable'],
      ['evt_e2', 'replayed'],
    ]);
    expect((await deadLetters.list()).map((l) => l.id)).toEqual(['evt_e0', 'evt_e1']);
    expect(state.runs.has('evt_other')).toBe(false);
  });

  it('replays a lote from the item that failed: the items handled before it do not run again', async () => {
    const deadLetters = createMemoryDeadLetterStore();
    const ran: string[] = [];
    let failing = true;
    const { handler } = testHandler({
      deadLetters,
      on: {
        'produto.estoque_atualizado': (e) => void ran.push(e.id),
        'produto.preco_atualizado': (e) => {
          if (failing) throw new Error('preço recusado');
          ran.push(e.id);
        },
        'produto.nome_alterado': (e) => void ran.push(e.id),
      },
    });
    await handler.handle(eventoBody('produto.lote', { id: 'evt_lote1' }));
    expect(ran).toEqual(['evt_lote1:0']);
    expect(await deadLetters.list()).toMatchObject([{ id: 'evt_lote1', evento: 'produto.lote', item: 'evt_lote1:1', attempts: 1 }]);
    failing = false;
    expect(await handler.replayDeadLetters()).toMatchObject({ replayed: 1 });
    expect(ran).toEqual(['evt_lote1:0', 'evt_lote1:1', 'evt_lote1:2']);
  });

  it('runs an id once when two replays of one handler go at once', async () => {
    const { handler, state } = failingHandler();
    await handler.handle(eventoBody('pedido.criado', { id: 'evt_f1' }));
    state.failing = false;
    const [a, b] = await Promise.all([handler.replayDeadLetters(), handler.replayDeadLetters()]);
    expect(a.replayed + b.replayed).toBe(1);
    expect(state.runs.get('evt_f1')).toBe(2);
  });

  it('stops before the next record once its signal is aborted, and honours limit', async () => {
    const { handler, state } = failingHandler();
    for (const id of ['evt_g1', 'evt_g2', 'evt_g3']) await handler.handle(eventoBody('pedido.criado', { id }));
    state.failing = false;
    expect((await handler.replayDeadLetters({ limit: 1 })).notices.map((n) => n.id)).toEqual(['evt_g1']);
    const controller = new AbortController();
    controller.abort();
    expect(await handler.replayDeadLetters({ signal: controller.signal })).toMatchObject({ stopped: true, notices: [] });
  });

  it('keeps the answer 500 and reports through onError when the store cannot record', async () => {
    const seen: string[] = [];
    const broken = { ...createMemoryDeadLetterStore(), record: async () => Promise.reject(new Error('disco cheio')) };
    const { handler } = testHandler({
      deadLetters: broken,
      on: { 'pedido.criado': () => Promise.reject(new Error('falhou')) },
      onError: (err, ctx) => seen.push(`${ctx.stage}:${(err as Error).message}`),
    });
    expect((await handler.handle(eventoBody('pedido.criado'))).status).toBe(500);
    expect(seen).toEqual(['handler:falhou', 'dead-letter:disco cheio']);
  });

  it('refuses deadLetters without dedupe, a store that is not one, and replay without a store, naming the field', () => {
    expect(() => testHandler({ deadLetters: createMemoryDeadLetterStore(), dedupe: false })).toThrow(/deadLetters: needs dedupe/);
    expect(() => testHandler({ deadLetters: {} as never })).toThrow(/deadLetters: must be a dead-letter store/);
    const { handler } = testHandler();
    return expect(handler.replayDeadLetters()).rejects.toThrow(InvalidInputError);
  });

  it('refuses bad replay options by name', async () => {
    const { handler } = failingHandler();
    await expect(handler.replayDeadLetters({ limit: 0 })).rejects.toThrow(/limit: must be a positive whole number/);
    await expect(handler.replayDeadLetters({ limite: 1 } as never)).rejects.toThrow(/limite: is not an option of replayDeadLetters/);
  });
});

describe('createMemoryDeadLetterStore', () => {
  const failure = (id: string, failedAt: number) => ({ id, evento: 'pedido.criado', body: '{}', error: { name: 'Error', message: 'x' }, failedAt });

  it('drops the record whose last failure is oldest when full, saying which', async () => {
    const logs = captureLogger();
    const store = createMemoryDeadLetterStore({ maxEntries: 2, logger: logs.logger, now: () => 10 });
    await store.record(failure('evt_1', 1));
    await store.record(failure('evt_2', 2));
    await store.record(failure('evt_1', 3));
    await store.record(failure('evt_3', 4));
    expect((await store.list()).map((l) => l.id)).toEqual(['evt_1', 'evt_3']);
    expect(logs.lines).toEqual([{ level: 'warn', message: expect.stringContaining('dropped the oldest, pedido.criado evt_2') as string }]);
  });

  it('forgets records past ttlMs, prunes by age, and pages in id order', async () => {
    let now = 1_000;
    const store = createMemoryDeadLetterStore({ ttlMs: 500, now: () => now });
    await store.record(failure('evt_b', 600));
    await store.record(failure('evt_a', 900));
    await store.record(failure('evt_c', 1_000));
    expect((await store.list({ limit: 1 })).map((l) => l.id)).toEqual(['evt_a']);
    expect((await store.list({ after: 'evt_a' })).map((l) => l.id)).toEqual(['evt_b', 'evt_c']);
    now = 1_200;
    await store.record(failure('evt_d', 1_200)); // evt_b is now 600 ms old: past ttlMs
    expect((await store.list()).map((l) => l.id)).toEqual(['evt_a', 'evt_c', 'evt_d']);
    expect(await store.prune({ olderThanMs: 250 })).toBe(1);
    expect((await store.list()).map((l) => l.id)).toEqual(['evt_c', 'evt_d']);
  });

  it('refuses bad options and unknown keys by name', () => {
    expect(() => createMemoryDeadLetterStore({ maxEntries: 0, ttlMs: -1 })).toThrow(InvalidInputError);
    expect(() => createMemoryDeadLetterStore({ maxEntries: 0, ttlMs: -1 })).toThrow(/maxEntries: .*; ttlMs: /);
    expect(() => createMemoryDeadLetterStore({ maxEntrie: 5 } as never)).toThrow(/maxEntrie: is not an option of createMemoryDeadLetterStore/);
  });
});
