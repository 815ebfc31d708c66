// The demo's whole flow (examples/fluxo-completo.ts: the spec's "Full test flow") against a
// fake that sends `null` for every optional field it has no value for, as a real server does. The client
// stays strict (the default) and every notice goes through the webhook handler.
import { describe, expect, it } from 'vitest';
import { Money, PartnerCommerce } from '../../src/index.js';
import { createFakeApi } from '../../src/testing/index.js';
import { createWebhookHandler, type EventoIndividual } from '../../src/webhooks/index.js';

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');

describe('the full test flow with a server that sends null for what it has no value for', () => {
  it('runs every step of the demo, strict, and the handler takes every notice with its nulls', async () => {
    const handled: EventoIndividual[] = [];
    const refused: string[] = [];
    const handler = createWebhookHandler({
      verify: () => true,
      on: {
        'pedido.criado': (e) => void handled.push(e),
        'pedido.comprovante_validado': (e) => void handled.push(e),
        'pedido.status_alterado': (e) => void handled.push(e),
        'financeiro.lancamento_criado': (e) => void handled.push(e),
      },
      logger: { warn: () => {}, error: (m: string) => void refused.push(m) },
    });
    const statuses: number[] = [];
    const fake = createFakeApi({
      sendNulls: true,
      onWebhook: async (event) => {
        const response = await handler.fetch(new Request('https://receiver.test/webhooks', { method: 'POST', body: JSON.stringify(event) }));
        statuses.push(response.status);
      },
    });
    const client = new PartnerCommerce({ token: 'svc_sbx_fluxo_nulls', baseUrl: 'https://sandbox.example.test', fetch: fake.fetch, logLevel: 'off', retryDelayMs: 0 });

    // Balance before.
    expect((await client.financeiro.saldo()).saldo).toBeInstanceOf(Money);

    // 1. An order made without referenciaExterna, as a panel order is: the server sends it as null.
    const item = await emEstoque(client);
    const { data: pedido, meta } = await client.pedidos.criar({ enviarPara: 'CLIENTE', cliente: { nome: 'Ana Souza', whatsapp: '+55 11 90000-0000' }, itens: [{ ...item, quantidade: 1 }] }).withMeta();
    expect(meta.status).toBe(201);
    expect(meta.responseIssues).toEqual([]);
    expect(pedido.referenciaExterna).toBeNull();
    expect(pedido.total).toBeInstanceOf(Money);
    expect(pedido.itens?.[0]?.valorVenda).toBeNull();

    // 2-3. The payment proof, sent and validated.
    const anexo = await client.pedidos.comprovantes.enviar(pedido.id, PDF, { nomeArquivo: 'comprovante.pdf' });
    expect((await client.sandbox.pedidos.validarComprovante(pedido.id, anexo.id)).validado).toBe(true);

    // 4. PAGO, EM_SEPARACAO, ENVIADO.
    for (const status of ['PAGO', 'EM_SEPARACAO', 'ENVIADO'] as const) {
      const atualizado = await client.sandbox.pedidos.alterarStatus(pedido.id, status);
      expect(atualizado.status).toBe(status);
      expect(atualizado.referenciaExterna).toBeNull();
    }

    // 5. A credit entry not tied to an order (pedido: null), and the balance after.
    const lancamento = await client.sandbox.financeiro.criarLancamento({ valor: '150.00', descricao: 'Crédito de demonstração' });
    expect(lancamento.pedido).toBeNull();
    expect(String((await client.financeiro.saldo()).saldo)).toBe('150.00');
    expect((await client.pedidos.obter(pedido.id)).referenciaExterna).toBeNull();

    // Every notice was accepted by the handler, nulls included.
    expect(refused).toEqual([]);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(handled.map((e) => e.evento)).toEqual([
      'pedido.criado',
      'pedido.comprovante_validado',
      'pedido.status_alterado',
      'pedido.status_alterado',
      'pedido.status_alterado',
      'financeiro.lancamento_criado',
    ]);
    const criado = handled[0]!;
    if (criado.evento !== 'pedido.criado') throw new Error('narrowing');
    expect(criado.dados.pedido.referenciaExterna).toBeNull();
    const credito = handled.at(-1)!;
    if (credito.evento !== 'financeiro.lancamento_criado') throw new Error('narrowing');
    expect(credito.dados.lancamento.pedido).toBeNull();
  });
});

/** A size in stock of an active product, as the demo picks it. */
async function emEstoque(client: PartnerCommerce): Promise<{ sku: string; numeracao: string }> {
  for await (const resumo of client.produtos.listar({ limite: 20 })) {
    const estoque = await client.produtos.estoque(resumo.sku);
    const tamanho = estoque.numeracoes.find((n) => n.estoque > 0);
    if (estoque.ativo && tamanho) return { sku: resumo.sku, numeracao: tamanho.numeracao };
  }
  throw new Error('no product with stock in the first page of the catalog');
}
