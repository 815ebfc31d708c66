/**
 * What the SQLite store adds to the store contract (store-contract.ts runs that over every kind): a
 * database file in folders it creates, kept across stores, in WAL; options refused before any open;
 * a `DatabaseSync` of the caller's left open; a clear error on a Node without `node:sqlite` (this one
 * also runs on Node 20, where it meets the real missing module); a tampered file's value too large for
 * JavaScript refused as a store error. The one-writer lock across processes is in folder-lock.test.ts,
 * crash safety in crash.test.ts and outbox-crash.test.ts.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InvalidInputError, PartnerCommerceError } from '../../src/index.js';
import { createSqliteStore, FolderLockedError, MirrorStoreError, type SqliteDatabaseLike } from '../../src/mirror/index.js';
import { failureOf } from '../helpers/failure.js';
import { produto } from './fixtures.js';
import { sqliteUnavailable } from './sqlite-available.js';

/** The part of node:sqlite these tests use to look at a file beside the store (@types/node here is Node 20's). */
interface PlainDatabase extends SqliteDatabaseLike {
  prepare(sql: string): { all(...a: unknown[]): unknown[]; get(): Record<string, unknown> | undefined; run(...a: unknown[]): unknown };
}
type DatabaseSyncCtor = new (path: string, options?: { readOnly?: boolean }) => PlainDatabase;
const sqliteModule = (): { DatabaseSync: DatabaseSyncCtor } => process.getBuiltinModule('node:sqlite') as { DatabaseSync: DatabaseSyncCtor };

describe('the SQLite store', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mirror-sqlite-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses bad options before anything opens, naming each field', () => {
    const refused = (options: unknown): InvalidInputError => {
      try {
        createSqliteStore(options as Parameters<typeof createSqliteStore>[0]);
      } catch (err) {
        expect(err).toBeInstanceOf(InvalidInputError);
        return err as InvalidInputError;
      }
      throw new Error('not refused');
    };
    expect(refused({ path: '' }).message).toContain('path');
    expect(refused({ path: 'a\0b.db' }).message).toContain('path');
    expect(refused({ db: {} }).message).toMatch(/db.*DatabaseSync/);
    // A PGlite option given to SQLite would otherwise open an in-memory database without a word.
    expect(refused({ dataDir: './espelho' }).message).toContain('dataDir');
    expect(refused('./espelho.db').message).toContain('{ path?, db? }');
    expect(refused({ path: './espelho.db', db: { prepare() {}, exec() {}, function() {}, close() {} } }).message).toContain('path or db, not both');
  });

  it('on a Node without node:sqlite, or one before 22.13 (no user functions), fails to open with a store error naming the Node it needs', async () => {
    // On Node 20 the module really is missing; on a newer Node it is stubbed as 22.5 to 22.12 have it.
    if (sqliteUnavailable() === undefined) {
      const real = process.getBuiltinModule.bind(process);
      vi.spyOn(process, 'getBuiltinModule').mockImplementation((id: string) => (id === 'node:sqlite' ? { DatabaseSync: class {} } : real(id)));
    }
    const store = createSqliteStore({ path: join(dir, 'espelho', 'mirror.db') });
    const err = await failureOf(store.open());
    expect(err).toBeInstanceOf(MirrorStoreError);
    expect(err).toBeInstanceOf(PartnerCommerceError);
    expect((err as Error).message).toContain('Node 22.13');
    expect((err as Error).message).toContain(process.version);
    expect((err as Error).message).toContain('createPgliteStore');
    // Nothing was made or locked on the way.
    expect(existsSync(join(dir, 'espelho'))).toBe(false);
    await store.close();
  });

  describe.skipIf(sqliteUnavailable() !== undefined)('on a Node with node:sqlite', () => {
    it('creates the file in folders it makes, keeps the mirror for the next store, in WAL, and frees the file on close (twice is harmless)', async () => {
      const file = join(dir, 'a', 'b', 'mirror.db');
      const first = createSqliteStore({ path: file });
      await first.open();
      expect(first.kind).toBe('sqlite');
      await first.transaction(async (tx) => {
        await tx.putProdutos([{ produto: produto('SKU-1', 1), atualizadoMs: 1, seenGeneration: 0, naoVistoDesde: null, position: 1 }]);
        await tx.appendChanges([{ sku: 'SKU-1', kind: 'criado', fields: [], before: null, after: produto('SKU-1', 1), origin: 'follow', evento: null }]);
      });
      await expect(createSqliteStore({ path: file }).open()).rejects.toBeInstanceOf(FolderLockedError);
      await first.close();
      await first.close();
      expect(existsSync(`${file}.lock`)).toBe(false);

      const plain = new (sqliteModule().DatabaseSync)(file, { readOnly: true });
      expect(plain.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
      plain.close();

      const second = createSqliteStore({ path: file });
      try {
        expect((await second.produto('SKU-1'))?.produto).toEqual(produto('SKU-1', 1));
        expect(await second.lastPosition()).toBe(1);
      } finally {
        await second.close();
      }
    });

    it('fails to open a path SQLite cannot open (a folder) with a store error, and leaves no lock behind', async () => {
      const folder = join(dir, 'espelho');
      mkdirSync(folder);
      const err = await failureOf(createSqliteStore({ path: folder }).open());
      expect(err).toBeInstanceOf(MirrorStoreError);
      expect((err as Error).message).toContain("the mirror's SQLite failed");
      expect(existsSync(`${folder}.lock`)).toBe(false);
    });

    it('uses a DatabaseSync you opened and leaves it open on close', async () => {
      const db = new (sqliteModule().DatabaseSync)(':memory:');
      const store = createSqliteStore({ db });
      await store.open();
      await store.transaction((tx) => tx.setState('x', { a: 1 }));
      await store.close();
      expect(db.prepare('SELECT value FROM pc_mirror_state').get()).toEqual({ value: '{"a":1}' });
      db.close();
    });

    it('refuses a tampered value too large for a JavaScript number as a store error, not a wrong number', async () => {
      const file = join(dir, 'mirror.db');
      const store = createSqliteStore({ path: file });
      await store.open();
      await store.close();
      const plain = new (sqliteModule().DatabaseSync)(file);
      plain.prepare('INSERT INTO pc_mirror_consumers (name, position) VALUES (?, ?)').run('loja', 2n ** 62n);
      plain.close();
      const reopened = createSqliteStore({ path: file });
      try {
        await expect(reopened.consumerPosition('loja')).rejects.toBeInstanceOf(MirrorStoreError);
      } finally {
        await reopened.close();
      }
    });
  });
});
