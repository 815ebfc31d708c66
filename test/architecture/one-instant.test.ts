import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC, sourceFiles } from './source-tree.js';

// One way per concept: an API timestamp becomes an instant in one file, and object
// keys are sorted for JSON in one file. Two readings of one time let the mirror store by one and decide
// by the other; two canonical forms let equal states compare unequal.
/** Files under src/ (relative, `/`-separated) whose text matches, outside the allowed ones. */
function filesMatching(pattern: RegExp, allowed: (file: string) => boolean): string[] {
  return sourceFiles(SRC)
    .map((path) => relative(SRC, path).split('\\').join('/'))
    .filter((file) => !allowed(file) && pattern.test(readFileSync(join(SRC, file), 'utf8')))
    .sort();
}

// The testing kit reads the spec on its own: its copies are a second reading, by design.
const kit = (file: string) => file.startsWith('testing/');

describe('one spelling of an instant and of canonical JSON', () => {
  it('atualizadoEm is turned into an instant only in src/dates/instant.ts', () => {
    expect(filesMatching(/Date\.parse\([^)]*atualizadoEm|function instantOf\b/, (f) => f === 'dates/instant.ts' || kit(f))).toEqual([]);
  });

  it('object keys are sorted for JSON only in internal/canonical-json.ts', () => {
    expect(filesMatching(/Object\.keys\([^)]*\)\s*\.sort\(\)/, (f) => f === 'internal/canonical-json.ts' || kit(f))).toEqual([]);
  });
});
