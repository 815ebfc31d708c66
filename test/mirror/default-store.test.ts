/**
 * The default store is the embedded database (PGlite) persisted to `./.partner-commerce/mirror`: a
 * mirror created without `store` keeps what it mirrored across processes' lifetimes (here: across two
 * mirrors opened one after the other in the same working directory), with no server to run; one
 * writer per folder at a time.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMirror } from '../../src/mirror/index.js';
import { createFakeApi } from '../../src/testing/index.js';
import { testClient } from '../helpers/client.js';

describe('the default store', { timeout: 120_000 }, () => {
  const cwd = process.cwd();
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mirror-default-'));
    process.chdir(dir);
  });
  afterEach(() => {
    process.chdir(cwd);
    rmSync(dir, { recursive: true, force: true });
  });

  it('is PGlite in ./.partner-commerce/mirror, opened lazily, and keeps the mirror for the next process', async () => {
    const fake = createFakeApi({ catalogSize: 30, rateLimit: false });
    const first = createMirror({ client: testClient(fake.fetch) });
    expect(first.store.kind).toBe('pglite');
    // Nothing is created before the first use.
    expect(existsSync(join(dir, '.partner-commerce', 'mirror'))).toBe(false);
    await first.backfill();
    // One writer per folder: a second mirror on the same default folder (`partner-commerce mirror`
    // beside a service) is refused while the first is open, and close() frees it (twice is harmless).
    await expect(createMirror({ client: testClient(fake.fetch) }).open()).rejects.toMatchObject({ name: 'FolderLockedError', folder: '.partner-commerce/mirror', holder: { pid: process.pid } });
    await first.close();
    await first.close();
    expect(existsSync(join(dir, '.partner-commerce', 'mirror'))).toBe(true);
    expect(existsSync(join(dir, '.partner-commerce', 'mirror', 'partner-commerce.lock'))).toBe(false);

    const second = createMirror({ client: testClient(fake.fetch) });
    try {
      expect((await second.status()).counts.products).toBe(30);
      expect((await second.follow()).kind).toBe('follow');
    } finally {
      await second.close();
    }
  });
});
