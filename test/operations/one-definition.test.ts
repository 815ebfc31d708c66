import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/operations/table.js';

// An operation's method, route, body schema, response schema and idempotency are
// written once, in its row. Read off the source: a resource method that spelled a route, a method or a
// body rule again would be a second definition, free to drift.

const SRC = new URL('../../src/', import.meta.url).pathname;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []));
}

const resourceFiles = filesUnder(join(SRC, 'resources')).map((file) => ({ file: file.slice(SRC.length), text: readFileSync(file, 'utf8') }));

describe('one definition per operation', () => {
  it('leaves routes, HTTP methods and response schemas out of the resource methods: they call their row', () => {
    const second = resourceFiles.flatMap(({ file, text }) =>
      [...text.matchAll(/transport\.call\(|paginate\(|['"`]\/v1\/|method: '(?:GET|POST|PUT|PATCH|DELETE)'|Schema\(\)/g)].map((m) => `${file}: ${m[0]}`),
    );
    expect(second).toEqual([]);
    // What they do instead: each of the 53 rows is called by name from a resource.
    const called = new Set(resourceFiles.flatMap(({ text }) => [...text.matchAll(/callOperation\(this\.transport, rows\.(\w+)/g)].map((m) => m[1])));
    expect(called.size).toBe(OPERATIONS.length);
  });

  it('keeps body rules in one system, the request schemas: no rule module beside them', () => {
    expect(existsSync(join(SRC, 'resources/body'))).toBe(false);
    expect(resourceFiles.filter(({ text }) => /checkBody|from '\.\/body\/|from '\.\.\/body\//.test(text)).map(({ file }) => file)).toEqual([]);
  });

  it('gives rows nothing to call back into the client with (no invoke)', () => {
    expect(OPERATIONS.filter((row) => 'invoke' in row).map((row) => row.id)).toEqual([]);
  });
});
