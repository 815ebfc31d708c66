/**
 * Webhook dead letters in the mirror's database, on every store kind: the table the third migration
 * adds, its bounds, and a handler recording and replaying through it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mirrorDeadLetters } from '../../src/mirror/index.js';
import { createWebhookHandler } from '../../src/webhooks/index.js';
import { eventoBody } from '../webhooks/fixtures.js';
import { captureLogger } from '../webhooks/helpers.js';
import { storeKinds } from './stores.js';

const failure = (id: string, failedAt: number, item?: string) => ({
  id,
  evento: item === undefined ? 'pedido.criado' : 'produto.lote',
  item,
  body: `{"id":"${id}","texto":"çã ✓ 𝄞"}`,
  error: { name: 'TypeError', message: 'falhou' },
  failedAt,
});

for (const kind of storeKinds()) {
  describe.skipIf(kind.skip !== undefined)(`dead letters on the ${kind.name} store`, { timeout: 60_000 }, () => {
    beforeAll(() => kind.setup(), 120_000);
    afterAll(() => kind.teardown());

    it('records (attempts counted, first failure kept), lists in id order, removes and prunes by age', async () => {
      const store = await kind.fresh();
      let now = 1_000_000;
      const letters = mirrorDeadLetters(store, { now: () => now, logger: { warn() {} } });
      await letters.record(failure('evt_b', 999_000, 'evt_b:4'));
      await letters.record(failure('evt_a', 999_500));
      await letters.record(failure('evt_b', 1_000_000, 'evt_b:5'));
      expect(await letters.list()).toEqual([
        { id: 'evt_a', evento: 'pedido.criado', body: '{"id":"evt_a","texto":"çã ✓ 𝄞"}', error: { name: 'TypeError', message: 'falhou' }, attempts: 1, firstFailedAt: 999_500, lastFailedAt: 999_500 },
        {
          id: 'evt_b',
          evento: 'produto.lote',
          item: 'evt_b:5',
          body: '{"id":"evt_b","texto":"çã ✓ 𝄞"}',
          error: { name: 'TypeError', message: 'falhou' },
          attempts: 2,
          firstFailedAt: 999_000,
          lastFailedAt: 1_000_000,
        },
      ]);
      expect((await letters.list({ after: 'evt_a' })).map((l) => l.id)).toEqual(['evt_b']);
      expect((await letters.list({ limit: 1 })).map((l) => l.id)).toEqual(['evt_a']);
      now = 1_000_400;
      expect(await letters.prune({ olderThanMs: 700 })).toBe(1);
      expect((await letters.list()).map((l) => l.id)).toEqual(['evt_b']);
      await letters.remove('evt_b');
      expect(await letters.list()).toEqual([]);
    });

    it('drops the oldest past maxEntries, naming it, and what is past ttlMs', async () => {
      const store = await kind.fresh();
      const logs = captureLogger();
      const letters = mirrorDeadLetters(store, { maxEntries: 2, ttlMs: 1_000, now: () => 10_000, logger: logs.logger });
      await letters.record(failure('evt_old', 8_000));
      await letters.record(failure('evt_1', 9_500));
      expect((await letters.list()).map((l) => l.id)).toEqual(['evt_1']);
      await letters.record(failure('evt_2', 9_600));
      await letters.record(failure('evt_3', 9_700));
      expect((await letters.list()).map((l) => l.id)).toEqual(['evt_2', 'evt_3']);
      expect(logs.lines).toEqual([{ level: 'warn', message: expect.stringContaining('dropped the oldest, pedido.criado evt_1') as string }]);
    });

    it("keeps a handler's failed notice and replays it once through the handler", async () => {
      const store = await kind.fresh();
      let failing = true;
      const runs: string[] = [];
      const handler = createWebhookHandler({
        verify: () => true,
        logger: captureLogger().logger,
        deadLetters: mirrorDeadLetters(store),
        on: {
          'pedido.criado': (e) => {
            if (failing) throw new Error('fora do ar');
            runs.push(e.id);
          },
        },
      });
      expect((await handler.handle(eventoBody('pedido.criado', { id: 'evt_m1' }))).status).toBe(500);
      expect((await handler.deadLetters!.list()).map((l) => [l.id, l.attempts])).toEqual([['evt_m1', 1]]);
      failing = false;
      expect(await handler.replayDeadLetters()).toMatchObject({ replayed: 1, failed: 0 });
      expect(await handler.replayDeadLetters()).toMatchObject({ replayed: 0, notices: [] });
      expect(runs).toEqual(['evt_m1']);
      await handler.close();
      // The store stays the mirror's: still open and readable after the handler closed.
      expect(await mirrorDeadLetters(store).list()).toEqual([]);
    });

    it('keeps a failure whose error text holds what a text column refuses (NUL, a lone surrogate), escaped', async () => {
      const store = await kind.fresh();
      const handler = createWebhookHandler({
        verify: () => true,
        logger: captureLogger().logger,
        deadLetters: mirrorDeadLetters(store),
        on: {
          'pedido.criado': () => {
            // A handler's message often quotes what the server sent.
            throw new Error('campo "a\u0000b" e \ud800 recusados');
          },
        },
      });
      expect((await handler.handle(eventoBody('pedido.criado', { id: 'evt_nul' }))).status).toBe(500);
      const [letter] = await handler.deadLetters!.list();
      expect(letter?.error.message).toBe('campo "a\\u0000b" e \\ud800 recusados');
      await handler.close();
    });
  });
}

describe('mirrorDeadLetters options', () => {
  it('refuses what is not a mirror store, and bad options by name', () => {
    expect(() => mirrorDeadLetters({} as never)).toThrow(/store: must be a mirror store/);
    const [memory] = storeKinds();
    return memory!.fresh().then((store) => {
      expect(() => mirrorDeadLetters(store, { maxEntries: -1, ttl: 1 } as never)).toThrow(/maxEntries: .*ttl: is not an option of mirrorDeadLetters/);
    });
  });
});
