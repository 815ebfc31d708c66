import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createFakeApi } from '../../src/testing/index.js';
import { parseWebhook, type Produto } from '../../src/webhooks/index.js';
import { produtos as produtosGuardados, salvarProduto } from '../../examples/webhooks-fetch.js';
import { eventoBody, produtoJson } from '../webhooks/fixtures.js';

// The advice partners copy, exercised as they would run it: the staleness rule of the webhook
// examples and the next `atualizadoDesde` of the catalog sync.

const docs = readFileSync('docs/webhooks.md', 'utf8');
const express = readFileSync('examples/webhooks-express.ts', 'utf8');

/** A product notice's product as the handler hands it over (`Money`, timestamps as sent). */
function produto(sku: string, atualizadoEm: string, estoque: number): Produto {
  const body = eventoBody('produto.estoque_atualizado', { dados: { produto: produtoJson(sku, { atualizadoEm, numeracoes: [{ numeracao: '38', skuVariacao: `${sku}-38`, estoque }] }) } });
  const evento = parseWebhook(body);
  if (evento.evento !== 'produto.estoque_atualizado') throw new Error('fixture');
  return evento.dados.produto;
}

describe('the staleness rule of the webhook examples', () => {
  it('keeps a different state carrying the same atualizadoEm, drops only an older one', async () => {
    await salvarProduto(produto('TIE-1', '2026-11-20T10:00:00-03:00', 5));
    // Same instant (another offset), other state: two changes within the same second.
    await salvarProduto(produto('TIE-1', '2026-11-20T13:00:00Z', 4));
    expect(produtosGuardados.get('TIE-1')?.numeracoes[0]?.estoque).toBe(4);
    // Older: a late delivery, dropped.
    await salvarProduto(produto('TIE-1', '2026-11-20T09:59:59-03:00', 9));
    expect(produtosGuardados.get('TIE-1')?.numeracoes[0]?.estoque).toBe(4);
    // Newer: written.
    await salvarProduto(produto('TIE-1', '2026-11-20T10:00:01-03:00', 3));
    expect(produtosGuardados.get('TIE-1')?.numeracoes[0]?.estoque).toBe(3);
  });

  it('docs and the Express example skip only when what is stored is strictly newer', () => {
    const skips = [...docs.matchAll(/if \(atual && Date\.parse\(atual\.atualizadoEm\) (>=?) Date\.parse\(produto\.atualizadoEm\)\) return/g)];
    expect(skips.length).toBeGreaterThan(0);
    for (const [, op] of skips) expect(op).toBe('>');
    // The Express example writes unless the stored one is strictly newer (`<=` on the way in).
    expect(express).toMatch(/Date\.parse\(atual\.atualizadoEm\) <= Date\.parse\(novo\.atualizadoEm\)/);
    expect(express).not.toMatch(/Date\.parse\(novo\.atualizadoEm\) > Date\.parse\(atual\.atualizadoEm\)/);
  });
});

const run = promisify(execFile);
const tsx = 'node_modules/.bin/tsx';
const SERVER_NOW = new Date('2031-03-04T05:06:07Z');

/**
 * The fake behind a loopback server whose clock is years away from this machine's (the fake's `now`
 * and its Date header), so the example's next `atualizadoDesde` shows whose clock it took.
 */
async function skewedServer(sendDate: boolean): Promise<{ url: string; server: Server }> {
  const fake = createFakeApi({ catalogSize: 30, rateLimit: false, now: () => new Date(SERVER_NOW) });
  const server = createServer((req, res) => {
    void (async () => {
      const answer = await fake.handle(new Request(`http://fake.test${req.url ?? '/'}`, { method: req.method ?? 'GET', headers: req.headers as Record<string, string> }));
      res.sendDate = false;
      const headers: Record<string, string> = Object.fromEntries(answer.headers);
      if (sendDate) headers['date'] = SERVER_NOW.toUTCString();
      res.writeHead(answer.status, headers).end(Buffer.from(await answer.arrayBuffer()));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function nextDesde(sendDate: boolean): Promise<string> {
  const { url, server } = await skewedServer(sendDate);
  try {
    const env = { ...process.env, PARTNER_COMMERCE_TOKEN: 'svc_sbx_exemplo_sync', PARTNER_COMMERCE_BASE_URL: url };
    const { stdout } = await run(tsx, ['examples/sincronizar-catalogo.ts'], { env, timeout: 60_000 });
    const match = /next run: atualizadoDesde (\S+)/.exec(stdout);
    if (!match) throw new Error(`no next atualizadoDesde in the output:\n${stdout}`);
    return match[1]!;
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe("the catalog sync's next atualizadoDesde", () => {
  it("is the server's Date minus a 5-minute overlap, never this machine's clock", async () => {
    expect(await nextDesde(true)).toBe(new Date(SERVER_NOW.getTime() - 5 * 60_000).toISOString());
  });

  it("without a Date header, is the newest atualizadoEm the server sent minus the overlap, never this machine's clock", async () => {
    const desde = Date.parse(await nextDesde(false));
    // The fake stamps its catalog at or before its own clock; never after it, never by this machine's.
    expect(desde).toBeLessThanOrEqual(SERVER_NOW.getTime() - 5 * 60_000);
    expect(desde).toBeGreaterThan(SERVER_NOW.getTime() - 32 * 24 * 3600_000);
  });
});
