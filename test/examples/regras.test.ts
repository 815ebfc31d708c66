import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The advice partners copy: the docs' staleness rule and the sync example's next `atualizadoDesde`.
const docs = readFileSync('docs/webhooks.md', 'utf8');
const sync = readFileSync('examples/sincronizar-catalogo.ts', 'utf8');

describe('the advice partners copy', () => {
  it('skips a product notice only when the stored one is strictly newer (an equal timestamp may carry another state)', () => {
    const skips = [...docs.matchAll(/if \(atual && Date\.parse\(atual\.atualizadoEm\) (>=?) Date\.parse\(produto\.atualizadoEm\)\) return/g)];
    expect(skips.length).toBeGreaterThan(0);
    for (const [, op] of skips) expect(op).toBe('>');
  });

  it("takes the next atualizadoDesde from the server's clock minus an overlap, never the local clock", () => {
    expect(sync).toMatch(/headers\.get\('date'\)/);
    expect(sync).toMatch(/OVERLAP_MS\s*=\s*\d/);
    expect(sync).toMatch(/-\s*OVERLAP_MS/);
    // The checkpoint's start of scan is never taken from `new Date()` of this machine.
    expect(sync).not.toMatch(/inicioDaVarredura:\s*new Date\(\)/);
  });
});
