// The loopback API the per-call benchmark talks to: GET answers a full product with the rate headers
// the API sends. Imported by the benchmark to run in its own process, or run alone
// (`node bench/loopback-server.mjs`) to serve from a separate process, as a real API would; it then
// prints its port and exits with its parent's stdin.
import { createServer } from 'node:http';

const produto = JSON.stringify({
  sku: 'SKU-1',
  titulo: 'Tênis de corrida',
  imagem: 'https://img.example.test/sku-1.jpg',
  precoAtacado: '129.90',
  precoSugerido: '199.90',
  precoAtual: '189.90',
  numeracoes: Array.from({ length: 10 }, (_, i) => ({ numeracao: String(34 + i), skuVariacao: `SKU-1-${34 + i}`, estoque: i })),
  categorias: [{ id: 'c1', nome: 'Tênis' }],
  estilos: [{ id: 'e1', nome: 'Esportivo' }],
  tags: [{ id: 't1', nome: 'Lançamento' }],
  ativo: true,
  atualizadoEm: '2026-11-20T10:00:00-03:00',
});

/** Starts the server on 127.0.0.1 and gives its port and a close function. */
export async function startLoopbackServer() {
  let n = 0;
  const server = createServer((_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json',
      'x-request-id': `req_${++n}`,
      'x-ratelimit-limit': '1000000000',
      'x-ratelimit-remaining': String(1_000_000_000 - n),
      'x-ratelimit-reset': '60',
    });
    res.end(produto);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: server.address().port, close: () => server.close() };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { port } = await startLoopbackServer();
  console.log(port);
  process.stdin.resume();
  process.stdin.on('end', () => process.exit(0));
}
