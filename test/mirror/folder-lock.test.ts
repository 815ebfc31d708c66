/**
 * One embedded folder, one writer: a second process opening a PGlite folder another live process holds
 * is refused (FolderLockedError naming the folder and the holder), before PGlite touches the folder; a
 * lock left by a SIGKILLed holder is taken over; the same for the SQLite store's database file and its
 * `<file>.lock` (on a Node with `node:sqlite`); a database the caller opened, locked by the folder or
 * file it says it lives in. Real OS processes. That close() releases the lock is
 * in default-store.test.ts, which opens a real folder anyway (PGlite takes seconds to create one).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PartnerCommerceError } from '../../src/index.js';
import { createPgliteStore, createSqliteStore, FolderLockedError, MirrorStoreError, type SqliteDatabaseLike } from '../../src/mirror/index.js';
import { lockFolder } from '../../src/mirror/store/folder-lock.js';
import { failureOf } from '../helpers/failure.js';
import { startChild, type RunningChild } from './child-runner.js';
import { freshPglite, pgliteFolder } from './pglite-template.js';
import { sqliteUnavailable } from './sqlite-available.js';

const holderScript = fileURLToPath(new URL('./folder-holder-process.ts', import.meta.url));
const LOCK = 'partner-commerce.lock';

/** Starts a holder of `folder` (or of the SQLite database file `folder`) and resolves with its pid once it holds it. */
function holder(folder: string, mode: 'folder' | 'file' = 'folder'): { child: RunningChild; pid: Promise<number> } {
  let got: (pid: number) => void = () => undefined;
  const pid = new Promise<number>((resolve) => (got = resolve));
  const child = startChild(holderScript, mode === 'file' ? [folder, 'file'] : [folder], {
    onLine: (line) => {
      const parsed = JSON.parse(line) as { step: string; pid?: number };
      if (parsed.step === 'holding') got(parsed.pid!);
    },
  });
  return { child, pid: Promise.race([pid, child.done.then(() => Promise.reject(new Error('holder ended before holding')))]) };
}

describe('the embedded store folder lock', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mirror-lock-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second process while the first holds the folder, then takes over once the holder is SIGKILLed', async () => {
    const folder = join(dir, 'espelho');
    const first = holder(folder);
    const pid = await first.pid;

    const refused = await failureOf(createPgliteStore({ dataDir: folder }).open());
    expect(refused).toBeInstanceOf(FolderLockedError);
    expect(refused).toBeInstanceOf(PartnerCommerceError);
    expect(refused).toMatchObject({ folder, holder: { pid, host: hostname() } });
    expect((refused as Error).message).toContain(folder);
    expect((refused as Error).message).toContain(`pid ${pid}`);
    // Refused before PGlite touched the folder.
    expect(existsSync(join(folder, 'PG_VERSION'))).toBe(false);

    first.child.send('die');
    expect((await first.child.done).killed).toBe(true);
    const lock = await lockFolder(folder);
    expect(JSON.parse(readFileSync(join(folder, LOCK), 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    await lock!.release();
    expect(existsSync(join(folder, LOCK))).toBe(false);
  });

  it('refuses a lock of a process on another machine, and a lock file it did not write', async () => {
    const folder = join(dir, 'espelho');
    const store = createPgliteStore({ dataDir: folder });
    // A folder on a network share held by another machine: its process cannot be checked from here.
    const elsewhere = { pid: 1, host: `${hostname()}-other`, startedAt: '2026-01-01T00:00:00.000Z' };
    await import('node:fs/promises').then((fs) => fs.mkdir(folder, { recursive: true }));
    writeFileSync(join(folder, LOCK), JSON.stringify(elsewhere));
    await expect(store.open()).rejects.toMatchObject({ name: 'FolderLockedError', folder, holder: elsewhere });

    writeFileSync(join(folder, LOCK), '{"pid": "1; DROP TABLE"}');
    const unreadable = await failureOf(store.open());
    expect(unreadable).toBeInstanceOf(MirrorStoreError);
    expect(unreadable).toMatchObject({ code: 'FOLDER_LOCK_UNREADABLE' });
    expect((unreadable as Error).message).toContain(join(folder, LOCK));
    // Neither lock was overwritten, and PGlite never created the database there.
    expect(readFileSync(join(folder, LOCK), 'utf8')).toBe('{"pid": "1; DROP TABLE"}');
    expect(existsSync(join(folder, 'PG_VERSION'))).toBe(false);
  });
});

describe.skipIf(sqliteUnavailable() !== undefined)('the SQLite store file lock', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mirror-lock-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second process while the first holds the file, before SQLite creates it; takes over once the holder is SIGKILLed', async () => {
    const file = join(dir, 'espelho', 'mirror.db');
    const first = holder(file, 'file');
    const pid = await first.pid;

    const refused = await failureOf(createSqliteStore({ path: file }).open());
    expect(refused).toBeInstanceOf(FolderLockedError);
    expect(refused).toMatchObject({ folder: file, holder: { pid, host: hostname() } });
    expect((refused as Error).message).toContain(`the mirror database file ${file} is open in another process (pid ${pid}`);
    expect(existsSync(file)).toBe(false);

    first.child.send('die');
    expect((await first.child.done).killed).toBe(true);
    const store = createSqliteStore({ path: file });
    await store.open();
    expect(JSON.parse(readFileSync(`${file}.lock`, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    await store.close();
    expect(existsSync(`${file}.lock`)).toBe(false);
    expect(existsSync(file)).toBe(true);
  });

  it('gives each database file of one folder its own lock', async () => {
    const a = createSqliteStore({ path: join(dir, 'a.db') });
    const b = createSqliteStore({ path: join(dir, 'b.db') });
    await a.open();
    await b.open();
    await expect(createSqliteStore({ path: join(dir, 'a.db') }).open()).rejects.toBeInstanceOf(FolderLockedError);
    await a.close();
    await b.close();
  });
});

/**
 * A database the caller opened (`createPgliteStore({ db })`, `createSqliteStore({ db })`) gets the
 * same lock, on the folder or file it says it lives in: without it the CLI's mirror on that folder
 * wrote beside the partner's process and changes were lost.
 */
describe("the lock of a caller's own database", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mirror-lock-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  /** Starts a second process that tries to take the lock; resolves with what it printed first. */
  function secondOpener(target: string, mode: 'folder' | 'file' = 'folder'): Promise<{ step: string; name?: string; pid?: number }> {
    let first: (line: { step: string }) => void = () => undefined;
    const seen = new Promise<{ step: string }>((resolve) => (first = resolve));
    const child = startChild(holderScript, mode === 'file' ? [target, 'file'] : [target], { onLine: (line) => first(JSON.parse(line) as { step: string }) });
    // A child that took the lock is told to let it go, so the test's folder is left clean either way.
    void seen.then((line) => line.step === 'holding' && child.send('exit'));
    return Promise.race([seen, child.done.then(() => Promise.reject(new Error('the second opener ended without a word')))]);
  }

  it("locks a PGlite's own folder (db.dataDir) while open: a second process is refused, and the lock goes with close", async () => {
    const folder = pgliteFolder(join(dir, 'espelho'));
    const db = await PGlite.create(folder);
    try {
      const store = createPgliteStore({ db });
      await store.open();
      expect(JSON.parse(readFileSync(join(folder, LOCK), 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
      await expect(secondOpener(folder)).resolves.toEqual({ step: 'refused', name: 'FolderLockedError', pid: process.pid });
      await store.close();
      expect(existsSync(join(folder, LOCK))).toBe(false);
      // The caller's database stays open: it is theirs to close.
      expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
  });

  it('refuses to use a PGlite whose folder another process holds, naming the holder', async () => {
    const folder = pgliteFolder(join(dir, 'espelho'));
    const first = holder(folder);
    const pid = await first.pid;
    const db = await PGlite.create(folder);
    try {
      const refused = await failureOf(createPgliteStore({ db }).open());
      expect(refused).toBeInstanceOf(FolderLockedError);
      expect(refused).toMatchObject({ folder, holder: { pid } });
    } finally {
      first.child.send('exit');
      await first.child.done;
      await db.close();
    }
  });

  it('locks the dataDir given beside a PGlite-like db that does not say where it lives, and refuses two different folders', async () => {
    const folder = join(dir, 'espelho');
    const lite = await freshPglite();
    try {
      // A wrapper (a pool, a proxy) with PGlite's methods but no dataDir of its own.
      const wrapped = { query: lite.query.bind(lite), exec: lite.exec.bind(lite), transaction: lite.transaction.bind(lite), close: async () => undefined };
      mkdirSync(folder);
      const store = createPgliteStore({ db: wrapped, dataDir: folder });
      await store.open();
      expect(existsSync(join(folder, LOCK))).toBe(true);
      await expect(secondOpener(folder)).resolves.toMatchObject({ step: 'refused', name: 'FolderLockedError' });
      await store.close();
      expect(existsSync(join(folder, LOCK))).toBe(false);

      const elsewhere = { ...wrapped, dataDir: join(dir, 'outra') };
      expect(() => createPgliteStore({ db: elsewhere, dataDir: folder })).toThrow(expect.objectContaining({ name: 'InvalidInputError', issues: [expect.objectContaining({ path: 'dataDir' })] }));
      // In memory: nothing to lock, nothing refused.
      const inMemory = createPgliteStore({ db: lite });
      await inMemory.open();
      await inMemory.close();
    } finally {
      await lite.close();
    }
  });

  it.skipIf(sqliteUnavailable() !== undefined || !sqliteHasLocation())("locks a DatabaseSync's own file (location()) while open; refused when another process holds it", async () => {
    const { DatabaseSync } = process.getBuiltinModule('node:sqlite') as { DatabaseSync: new (path: string) => SqliteDatabaseLike };
    const file = join(dir, 'espelho.db');
    const db = new DatabaseSync(file);
    try {
      const store = createSqliteStore({ db });
      await store.open();
      expect(existsSync(`${file}.lock`)).toBe(true);
      await expect(secondOpener(file, 'file')).resolves.toEqual({ step: 'refused', name: 'FolderLockedError', pid: process.pid });
      await store.close();
      expect(existsSync(`${file}.lock`)).toBe(false);

      const first = holder(file, 'file');
      const pid = await first.pid;
      await expect(createSqliteStore({ db }).open()).rejects.toMatchObject({ name: 'FolderLockedError', folder: file, holder: { pid } });
      first.child.send('exit');
      await first.child.done;
    } finally {
      db.close();
    }
  });
});

/** Whether this Node's DatabaseSync says where it lives (Node 22.16 / 23.11 and newer). */
function sqliteHasLocation(): boolean {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  return major > 23 || (major === 23 && minor >= 11) || (major === 22 && minor >= 16);
}
