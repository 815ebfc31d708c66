import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonSchemas, openApiDocument } from '../../src/openapi/index.js';
import { writeOpenApiFiles } from '../../tsup.config.js';

// The build's own step (tsup's onSuccess runs it on dist/openapi.js), here run on the source into a
// scratch folder: what `npm run build` ships as partner-commerce/openapi.json and
// partner-commerce/schemas/*.json. The packed tarball's copy is compared again by .ci/runtimes (esm smoke).
const out = mkdtempSync(join(tmpdir(), 'openapi-files-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const files = (dir: string, prefix = ''): string[] =>
  readdirSync(join(dir, prefix), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(dir, `${prefix}${e.name}/`) : [`${prefix}${e.name}`]))
    .sort();

describe('the static files the package ships', () => {
  it('openapi.json and schemas/<name>.json hold exactly what openApiDocument() and jsonSchemas() return', async () => {
    await writeOpenApiFiles(resolve('src/openapi/index.ts'), out);
    const schemas = jsonSchemas();
    expect(files(out)).toEqual(['openapi.json', ...Object.keys(schemas).map((name) => `schemas/${name}.json`)].sort());
    expect(JSON.parse(readFileSync(join(out, 'openapi.json'), 'utf8'))).toEqual(openApiDocument());
    for (const [name, schema] of Object.entries(schemas)) expect(JSON.parse(readFileSync(join(out, `schemas/${name}.json`), 'utf8'))).toEqual(schema);
  });

  it('package.json exports them where the build writes them', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { exports: Record<string, unknown> };
    expect([pkg.exports['./openapi.json'], pkg.exports['./schemas/*']]).toEqual(['./dist/openapi.json', './dist/schemas/*']);
  });
});
