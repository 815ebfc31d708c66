import { PartnerCommerce } from '/work/wt/obs14/src/index.ts';
const body = JSON.stringify({ sku: 'SKU-1', titulo: 'T', imagem: 'https://x/1.jpg', precoAtacado: '1.00', precoSugerido: '2.00', precoAtual: '2.00', numeracoes: [], categorias: [], estilos: [], tags: [], ativo: true, atualizadoEm: '2026-11-20T10:00:00-03:00' });
const fetch = (async () => new Response(body, { status: 200, headers: { 'content-type': 'application/json', 'x-ratelimit-remaining': '50', 'x-ratelimit-limit': '60', 'x-ratelimit-reset': '30' } })) as typeof globalThis.fetch;
const base = { token: 'svc_sbx_bench_0000000000000000', baseUrl: 'https://api.example.test', fetch, rateLimit: { perMinute: 1_000_000 }, logLevel: 'off' } as const;
const noop = () => {};
const clients: Record<string, PartnerCommerce> = {
  plain: new PartnerCommerce(base),
  telemetry: new PartnerCommerce({ ...base, telemetry: true }),
  hooks: new PartnerCommerce({ ...base, hooks: { beforeAttempt: noop, afterResponse: noop } }),
};
const N = 20000;
for (let round = 0; round < 3; round++) {
  for (const [name, c] of Object.entries(clients)) {
    const t0 = performance.now();
    for (let i = 0; i < N; i++) await c.produtos.obter('SKU-1');
    if (round === 2) console.log(name, (((performance.now() - t0) * 1000) / N).toFixed(1), 'µs/call');
  }
}
