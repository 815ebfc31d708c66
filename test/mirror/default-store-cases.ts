/**
 * The default store's proof that it keeps a mirror across processes, shared by default-store.test.ts
 * and default-store.slow.test.ts: each test runs in a working directory of its own, where a mirror
 * created without `store` puts its folder.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect } from 'vitest';
import { createMirror } from '../../src/mirror/index.js';
import { createFakeApi } from '../../src/testing/index.js';
import { testClient } from '../helpers/client.js';
import { pgliteFolder } from './pglite-template.js';

/** Where the default store lives, relative to the working directory. */
export const FOLDER = join('.partner-commerce', 'mirror');

/** Runs each test of the calling describe in a new temp working directory. */
export function inTempWorkingDirectory(): void {
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
}

/**
 * Backfills a 30-product catalog with the default store, checks one writer at a time, reopens it.
 * `created` is the file the store must have created; without it, the default folder is filled from
 * the run's PGlite template once the mirror has shown it creates nothing before its first use, so the
 * open skips PGlite's own initdb (seconds of CPU; the slow file runs it).
 */
export async function keepsTheMirror(kind: string, lockedFolder: string, created?: string): Promise<void> {
  const fake = createFakeApi({ catalogSize: 30, rateLimit: false });
  const first = createMirror({ client: testClient(fake.fetch) });
  expect(first.store.kind).toBe(kind);
  // Nothing is created before the first use.
  expect(existsSync(FOLDER)).toBe(false);
  if (created === undefined) {
    mkdirSync('.partner-commerce');
    pgliteFolder(FOLDER);
  }
  await first.backfill();
  if (created !== undefined) expect(existsSync(created)).toBe(true);
  // One writer at a time: a second mirror on the same default folder (`partner-commerce mirror`
  // beside a service) is refused while the first is open, and close() frees it (twice is harmless).
  await expect(createMirror({ client: testClient(fake.fetch) }).open()).rejects.toMatchObject({ name: 'FolderLockedError', folder: lockedFolder, holder: { pid: process.pid } });
  await first.close();
  await first.close();

  const second = createMirror({ client: testClient(fake.fetch) });
  expect(second.store.kind).toBe(kind);
  try {
    expect((await second.status()).counts.products).toBe(30);
    expect((await second.follow()).kind).toBe('follow');
  } finally {
    await second.close();
  }
}
