/**
 * The default store on Node older than 22.13 in a folder PGlite creates from nothing (its own initdb,
 * seconds of CPU): default-store.test.ts runs the same proof on a folder filled from the run's template.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FOLDER, inTempWorkingDirectory, keepsTheMirror } from './default-store-cases.js';
import { sqliteUnavailable } from './sqlite-available.js';

describe('the default store, created from nothing', { timeout: 120_000 }, () => {
  inTempWorkingDirectory();

  it.skipIf(sqliteUnavailable() === undefined)('is PGlite in ./.partner-commerce/mirror on Node older than 22.13, created at the first use, and keeps the mirror for the next process', async () => {
    await keepsTheMirror('pglite', '.partner-commerce/mirror', join(FOLDER, 'PG_VERSION'));
    expect(existsSync(join(FOLDER, 'partner-commerce.lock'))).toBe(false);
  });
});
