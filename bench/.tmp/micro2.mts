import { PartnerCommerce } from '../../src/index.ts';
const body = JSON.stringify({ sku: 'SKU-1', titulo: 'T', imagem: 'https://x/1.jpg', precoAtacado: '1.00', precoSugerido: '2.00', precoAtual: '2.00', numeracoes: [], categorias: [], estilos: [], tags: [], ativo: true, atualizadoEm: '2026-11-20T10:00:00-03:00' });
const fetch = (async () => new Response(body, { status: 200, headers: { 'content-type': 'application/json' } })) as typeof globalThis.fetch;
const mode = process.argv[2];
const c = new PartnerCommerce({ token: 'svc_sbx_bench_0000000000000000', baseUrl: 'https://api.example.test', fetch, rateLimit: false, logLevel: 'off', ...(mode === 'telemetry' ? { telemetry: true } : {}) });
for (let i = 0; i < 30000; i++) await c.produtos.obter('SKU-1');
