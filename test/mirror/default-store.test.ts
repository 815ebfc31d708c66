/**
 * The default store is embedded, in `./.partner-commerce/mirror`: a mirror created without `store`
 * keeps what it mirrored across processes' lifetimes (here: across two mirrors opened one after the
 * other in the same working directory), with no server to run; one writer at a time. Its engine is
 * SQLite (`node:sqlite`, in `mirror.sqlite`) on Node 22.13+, PGlite on older Node; a folder that
 * already holds a PGlite database stays PGlite, so upgrading Node never swaps a mirror for an empty one.
 * Each test runs on the Node it is about: `npm test` on Node 20, CI's second pass on Node 24.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEmbeddedStore, createMirror, createPgliteStore } from '../../src/mirror/index.js';
import { embeddedEngine, type EmbeddedRuntime } from '../../src/mirror/store/embedded-store.js';
import { createFakeApi } from '../../src/testing/index.js';
import { testClient } from '../helpers/client.js';
import { FOLDER, inTempWorkingDirectory, keepsTheMirror } from './default-store-cases.js';
import { pgliteFolder } from './pglite-template.js';
import { sqliteUnavailable } from './sqlite-available.js';

const onSqlite = sqliteUnavailable() === undefined;

describe('the default store', { timeout: 120_000 }, () => {
  inTempWorkingDirectory();

  // Its folder filled from the run's template at the first use; PGlite's own initdb there is default-store.slow.test.ts.
  it.skipIf(onSqlite)('is PGlite in ./.partner-commerce/mirror on Node older than 22.13, opened lazily, and keeps the mirror for the next process', async () => {
    await keepsTheMirror('pglite', '.partner-commerce/mirror');
    expect(existsSync(join(FOLDER, 'partner-commerce.lock'))).toBe(false);
  });

  it.skipIf(!onSqlite)('is SQLite in ./.partner-commerce/mirror/mirror.sqlite on Node 22.13+, opened lazily, and keeps the mirror for the next process', async () => {
    await keepsTheMirror('sqlite', '.partner-commerce/mirror/mirror.sqlite', join(FOLDER, 'mirror.sqlite'));
    expect(existsSync(join(FOLDER, 'mirror.sqlite.lock'))).toBe(false);
    // No PGlite database beside it.
    expect(existsSync(join(FOLDER, 'PG_VERSION'))).toBe(false);
  });

  it('stays PGlite in a folder that holds a PGlite mirror, on every Node: upgrading Node keeps the mirror', async () => {
    const fake = createFakeApi({ catalogSize: 12, rateLimit: false });
    // A mirror a partner filled before upgrading (from the run's initialised PGlite folder).
    mkdirSync('.partner-commerce');
    pgliteFolder(FOLDER);
    const before = createMirror({ client: testClient(fake.fetch), store: createPgliteStore({ dataDir: FOLDER }) });
    await before.backfill();
    await before.close();

    const after = createMirror({ client: testClient(fake.fetch) });
    expect(after.store.kind).toBe('pglite');
    try {
      expect((await after.status()).counts.products).toBe(12);
    } finally {
      await after.close();
    }
    expect(existsSync(join(FOLDER, 'mirror.sqlite'))).toBe(false);
  });
});

describe("the default store's engine", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mirror-engine-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A runtime as `process` shows it, reading this machine's file system; every module it is asked for is noted. */
  const runtime = (versions: EmbeddedRuntime['versions'], asked: string[] = []): EmbeddedRuntime => ({
    versions,
    getBuiltinModule: (id) => (asked.push(id), process.getBuiltinModule?.(id) ?? (id === 'node:fs' ? { existsSync } : undefined)),
  });

  it('is SQLite from Node 22.13 on, PGlite before and on Bun and Deno (they report a recent Node)', () => {
    expect(embeddedEngine(dir, runtime({ node: '20.19.0' }))).toBe('pglite');
    expect(embeddedEngine(dir, runtime({ node: '22.12.0' }))).toBe('pglite');
    expect(embeddedEngine(dir, runtime({ node: '22.13.0' }))).toBe('sqlite');
    expect(embeddedEngine(dir, runtime({ node: '24.21.0' }))).toBe('sqlite');
    expect(embeddedEngine(dir, runtime({ node: '26.3.0', bun: '1.4.5' }))).toBe('pglite');
    expect(embeddedEngine(dir, runtime({ node: '26.3.0', deno: '2.9.6' }))).toBe('pglite');
    // No file system to look in (a worker): PGlite, as before.
    expect(embeddedEngine(dir, { versions: { node: '24.21.0' } })).toBe('pglite');
  });

  it('follows what the folder holds: PGlite data stays PGlite on Node 24, mirror.sqlite stays SQLite on Node 20', () => {
    writeFileSync(join(dir, 'mirror.sqlite'), '');
    // On Node 20 the open then fails saying which Node it needs, rather than backfill an empty PGlite.
    expect(embeddedEngine(dir, runtime({ node: '20.19.0' }))).toBe('sqlite');
    expect(embeddedEngine(`${dir}/`, runtime({ node: '20.19.0' }))).toBe('sqlite');
    writeFileSync(join(dir, 'PG_VERSION'), '17\n');
    expect(embeddedEngine(dir, runtime({ node: '24.21.0' }))).toBe('pglite');
  });

  it('never loads node:sqlite to decide (Node 22 warns when it loads: only opening the store should)', () => {
    const asked: string[] = [];
    expect(embeddedEngine(dir, runtime({ node: '22.23.3' }, asked))).toBe('sqlite');
    expect(asked).toEqual(['node:fs']);
  });

  it('refuses a dataDir that is not a folder path, naming it, before anything opens', () => {
    expect(() => createEmbeddedStore({ dataDir: 'idb://espelho' })).toThrow(expect.objectContaining({ name: 'InvalidInputError', message: expect.stringContaining('dataDir') }));
    expect(() => createEmbeddedStore({ dataDir: '' })).toThrow(/dataDir/);
    expect(() => createEmbeddedStore({ dataDir: 'a\0b' })).toThrow(/dataDir/);
    expect(() => createEmbeddedStore({ dataDir: 'x', folder: 'y' } as never)).toThrow(/folder/);
  });
});
