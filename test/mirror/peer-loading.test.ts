/**
 * The mirror's drivers are optional peers loaded only when a store opens: importing
 * `partner-commerce/mirror` and using the memory store loads neither `@electric-sql/pglite` nor `pg`
 * (a partner who never opens those stores installs nothing more); opening the embedded store does load
 * PGlite (the control that shows the check sees loads at all). In a fresh process.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { pgliteFolder } from './pglite-template.js';

const run = promisify(execFile);
const child = fileURLToPath(new URL('./peer-loading-process.ts', import.meta.url));

describe('optional peers of the mirror', () => {
  it('are not loaded by importing the mirror and using the memory store; PGlite loads when its store opens', async () => {
    const folder = pgliteFolder(join(mkdtempSync(join(tmpdir(), 'pc-peer-loading-')), 'espelho'));
    // --liftoff-only: PGlite's WebAssembly compiled once, by the baseline compiler, as child-runner.ts does.
    const { stdout } = await run(process.execPath, ['--liftoff-only', '--import', 'tsx', child], { timeout: 60_000, env: { ...process.env, PC_PGLITE_FOLDER: folder } });
    const steps = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { step: string; peers: string[] });
    expect(steps).toEqual([
      { step: 'memory', peers: [] },
      { step: 'pglite', peers: ['@electric-sql/pglite'] },
    ]);
  }, 70_000);
});
