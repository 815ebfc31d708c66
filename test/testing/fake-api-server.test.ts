import { describe, expect, it } from 'vitest';
import { PartnerCommerce } from '../../src/index.js';
import { createFakeApi } from '../../src/testing/index.js';
import { PDF, TOKEN } from './helpers.js';

const auth = { Authorization: `Bearer ${TOKEN}` };

describe('createFakeApi listen()', () => {
  it('serves the fake over real HTTP on 127.0.0.1 and frees the port on close', async () => {
    const fake = createFakeApi();
    const server = await fake.listen();
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    try {
      const response = await fetch(`${server.url}/v1/produtos/SKU-0003?x=%C3%A7`, { headers: auth });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-request-id')).toMatch(/\S/);
      expect(response.headers.get('x-ratelimit-limit')).toBe('60');
      expect(((await response.json()) as { sku: string }).sku).toBe('SKU-0003');
      expect(fake.requests[0]?.path).toBe('/v1/produtos/SKU-0003?x=%C3%A7');
    } finally {
      await server.close();
    }
    await expect(fetch(`${server.url}/v1/conta`, { headers: auth })).rejects.toThrow();
    const again = await fake.listen({ port: Number(new URL(server.url).port) });
    expect(again.url).toBe(server.url);
    await again.close();
  });

  it('passes request bodies through and answers errors with their JSON body', async () => {
    const fake = createFakeApi();
    const server = await fake.listen();
    try {
      const response = await fetch(`${server.url}/v1/nada`, { method: 'POST', headers: auth, body: '{"ok":true}' });
      expect(response.status).toBe(404);
      expect(((await response.json()) as { erro: { codigo: string } }).erro.codigo).toBe('ROTA_NAO_ENCONTRADA');
      expect(fake.requests[0]?.body).toBe('{"ok":true}');
    } finally {
      await server.close();
    }
  });

  it('destroys the socket on a drop fault, so the HTTP client sees a failed connection', async () => {
    const fake = createFakeApi();
    fake.inject('GET /v1/conta', [{ drop: true }]);
    const server = await fake.listen();
    try {
      await expect(fetch(`${server.url}/v1/conta`, { headers: auth })).rejects.toThrow(TypeError);
      expect((await fetch(`${server.url}/v1/conta`, { headers: auth })).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('serves the SDK client over real HTTP, multipart uploads and webhooks included', async () => {
    const events: string[] = [];
    const fake = createFakeApi({ onWebhook: (e) => void events.push(e.evento) });
    const server = await fake.listen();
    try {
      const client = new PartnerCommerce({ token: TOKEN, baseUrl: server.url, logLevel: 'off' });
      const produto = (await client.produtos.listar({ limite: 100 })).dados.find((p) => p.ativo && p.numeracoes?.some((n) => n.estoque > 0));
      const numeracao = produto!.numeracoes!.find((n) => n.estoque > 0)!.numeracao;
      const pedido = await client.pedidos.criar({ itens: [{ sku: produto!.sku, numeracao, quantidade: 1 }] });
      const anexo = await client.pedidos.comprovantes.enviar(pedido.id, PDF);
      expect(anexo).toMatchObject({ tipoArquivo: 'application/pdf', tamanhoBytes: PDF.length });
      expect(events).toEqual(['pedido.criado']);
    } finally {
      await server.close();
    }
  });
});
