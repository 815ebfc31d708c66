/**
 * The in-process lock per name behind the stores' `exclusive` runs and the outbox claim of the memory
 * and PGlite stores. The outbox takes it per Idempotency-Key, so a name must be forgotten once its
 * last task has settled: the soak (bench/soak.ts, outbox-pglite) found one Mutex, and the row it last
 * resolved with, kept per order for the life of the process.
 */
import { describe, expect, it } from 'vitest';
import { NamedMutex } from '../../src/mirror/store/mutex.js';

describe('NamedMutex', () => {
  it('keeps no lock for a name once its tasks have settled, whether they resolved or threw', async () => {
    const names = new NamedMutex();
    for (let i = 0; i < 100; i++) await names.run(`key-${i}`, async () => ({ row: i }));
    await names.run('fails', async () => Promise.reject(new Error('send failed'))).catch(() => undefined);
    expect(names.size).toBe(0);
  });

  it('still runs the tasks of one name one at a time, in call order, and forgets the name after the last', async () => {
    const names = new NamedMutex();
    const log: string[] = [];
    let release!: () => void;
    const first = names.run('k', async () => {
      log.push('first starts');
      await new Promise<void>((resolve) => (release = resolve));
      log.push('first ends');
    });
    const second = names.run('k', async () => void log.push('second runs'));
    const other = names.run('other', async () => void log.push('other runs'));
    await other;
    expect(names.size).toBe(1);
    release();
    await Promise.all([first, second]);
    expect(log).toEqual(['first starts', 'other runs', 'first ends', 'second runs']);
    expect(names.size).toBe(0);
  });
});
