/**
 * PGlite starts by running its own initdb (WebAssembly), 4-10 s on a loaded 2-core machine, in every
 * fresh folder and every in-memory instance. The run's global setup initialises one folder per PGlite
 * version (test/setup/global-setup.ts); tests start from copies of it, which open in about a second.
 */
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { providedPgliteTemplate } from '../setup/provided.js';

/** The data folder of the template and the dump of it for in-memory instances, inside the template's folder. */
export const TEMPLATE_DATA = 'data';
export const TEMPLATE_DUMP = 'data.tar';

/**
 * Written into the template's postgresql.conf. PGlite zeroes its 128 MB of shared buffers at every
 * start: 0.85 s and 1.4 s of CPU an open on 2 cores, against 0.27 s and 0.7 s with 16 MB (bench/README.md,
 * "Test suite time"). Buffers hold pages, not semantics, and no test stores more than a few MB, so the
 * tests open their copies with 16 MB. A folder created from nothing (default-store.test.ts, and any
 * partner's) keeps PGlite's defaults.
 */
export const TEMPLATE_CONF = 'shared_buffers = 16MB';

/**
 * Fills the empty folder `folder` with an initialised PGlite data folder and returns it; outside a
 * vitest run (no template) returns it untouched, and PGlite initialises it on first open.
 */
export function pgliteFolder(folder: string): string {
  const template = providedPgliteTemplate();
  if (template) cpSync(join(template, TEMPLATE_DATA), folder, { recursive: true });
  return folder;
}

/** A new in-memory PGlite, loaded from the template's dump when there is one. */
export async function freshPglite(): Promise<PGlite> {
  const template = providedPgliteTemplate();
  if (!template) return PGlite.create();
  return PGlite.create({ loadDataDir: new Blob([readFileSync(join(template, TEMPLATE_DUMP))]) });
}
