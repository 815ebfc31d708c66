import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFakeApi } from '../../src/testing/index.js';
import { call } from './helpers.js';

/** Every `| method | HTTP | path |` row of docs/endpoints.md (the SDK's paths, stated and inferred). */
function documentedRoutes(): Array<{ method: string; path: string }> {
  const doc = readFileSync(join(import.meta.dirname, '../../docs/endpoints.md'), 'utf8');
  const routes: Array<{ method: string; path: string }> = [];
  for (const match of doc.matchAll(/^\| `[^`]+` \| (GET|POST|PUT|PATCH|DELETE)[^|]*\| `(\/v1\/[^`]+)`/gm)) routes.push({ method: match[1]!, path: match[2]! });
  return routes;
}

describe('fake routes', () => {
  it('answers every method and path of docs/endpoints.md , never 404 ROTA_NAO_ENCONTRADA, while a path it does not list is one', async () => {
    const fake = createFakeApi({ rateLimit: false });
    const routes = documentedRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(44);
    for (const { method, path } of routes) {
      const concrete = path.replace(/\{[^}]+\}/g, 'x1');
      const answer = await call(fake, method, concrete, { body: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect(answer.json?.erro?.codigo, `${method} ${path}`).not.toBe('ROTA_NAO_ENCONTRADA');
    }
    expect((await call(fake, 'GET', '/v1/pedidos/x1/itens')).json.erro.codigo).toBe('ROTA_NAO_ENCONTRADA');
  });
});
