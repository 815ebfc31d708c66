import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// The README's Observability example, run as a partner runs it (tsx, console exporters, the fake).
describe('examples/observabilidade.ts', () => {
  it('prints the operation span, its three HTTP client spans, the hooks, a wait given up on and the metrics; never the token', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'examples/observabilidade.ts']);
    const kinds = [...stdout.matchAll(/^ {2}kind: (\d),$/gm)].map((m) => Number(m[1]));
    // produtos.obter: 3 CLIENT (2) attempts then its INTERNAL (0) span; produtos.estoque never sent: its INTERNAL span alone.
    expect(kinds).toEqual([2, 2, 2, 0, 0]);
    expect(stdout).toContain('[hook] produtos.estoque waits for rate budget (window)');
    expect(stdout).toContain("name: 'partner_commerce.rate_limit.wait'");
    expect(stdout).toContain('estoque: AbortError, gave up waiting for rate budget');
    expect(stdout).toContain("name: 'GET /v1/produtos/{sku}'");
    expect(stdout).toContain("'http.request.resend_count': 2");
    expect(stdout).toContain("'partner_commerce.retry.reason': 'rate_limited'");
    expect(stdout).toContain("'partner_commerce.rate_limit.wait_reason'");
    expect(stdout).toContain('[hook] produtos.obter attempt 1 failed (server_error)');
    expect(stdout).toMatch(/name: 'http\.client\.request\.duration'/);
    expect(stdout).toMatch(/name: 'partner_commerce\.retries'/);
    expect(stdout).toContain('produto SKU-0001:');
    expect(stdout).not.toContain('exemplo_observabilidade');
  });
});
