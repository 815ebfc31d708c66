import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

// `npm run espelho` as a partner would run it: no credentials, no server, the embedded store.
describe('examples/espelho-catalogo.ts', () => {
  it('mirrors the fake catalog through the driver changes and lost notices, prints each change of the feed once, and ends equal', async () => {
    const { stdout } = await run('node_modules/.bin/tsx', ['examples/espelho-catalogo.ts'], { timeout: 120_000, env: { ...process.env, PARTNER_COMMERCE_TOKEN: '' } });
    expect(stdout).toMatch(/backfill: 300 products in 3 calls/);
    expect(stdout).toMatch(/mirror equals the fake's catalog field for field: yes \(\d+\/\d+ products\)/);
    const feed = [...stdout.matchAll(/^ {2}#(\d+) (\S+) (\S+) .* via (\w+)/gm)].map((m) => ({ position: Number(m[1]), sku: m[2]!, kind: m[3]!, origin: m[4]! }));
    // Each change once, in log order.
    const positions = feed.map((c) => c.position);
    expect(positions).toEqual([...new Set(positions)].sort((a, b) => a - b));
    // What the driver did shows in the feed: by notice and, for the lost ones and precoAtual, by follow.
    expect(feed.find((c) => c.sku === 'NOVO-0001' && c.kind === 'criado')).toBeDefined();
    expect(feed.some((c) => c.kind === 'desativado')).toBe(true);
    expect(feed.some((c) => c.kind === 'reativado')).toBe(true);
    expect(feed.some((c) => c.origin === 'webhook')).toBe(true);
    expect(feed.some((c) => c.origin === 'follow')).toBe(true);
    expect(stdout).toMatch(/SKU-0001 alterado \[precoAtual\] via follow/);
    // Notices were lost on the way, and follow healed changes.
    const lost = [...stdout.matchAll(/notices: (\d+) sent, (\d+) lost; follow: (\d+) call\(s\), healed (\d+)/g)];
    expect(lost).toHaveLength(3);
    expect(lost.reduce((n, m) => n + Number(m[2]), 0)).toBeGreaterThan(0);
    expect(lost.reduce((n, m) => n + Number(m[4]), 0)).toBeGreaterThan(0);
  }, 150_000);
});
