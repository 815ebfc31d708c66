import { describe, expect, it } from 'vitest';
import { ApiError, Money, PartnerCommerce } from '../../src/index.js';
import { createFakeApi, type FakeApi, type FakeWebhookEvent } from '../../src/testing/index.js';
import { parseWebhook } from '../../src/webhooks/index.js';

/** The smallest valid PDF the upload check accepts, made on the fly. */
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');

function setup(): { fake: FakeApi; client: PartnerCommerce; events: FakeWebhookEvent[] } {
  const events: FakeWebhookEvent[] = [];
  const fake = createFakeApi({ onWebhook: (event) => void events.push(event) });
  const client = new PartnerCommerce({ token: 'svc_sbx_fluxo', baseUrl: 'https://sandbox.example.test', fetch: fake.fetch, logLevel: 'off', retryDelayMs: 0 });
  return { fake, client, events };
}

/** An active product and a size with at least `pares` pairs in stock. */
async function disponivel(client: PartnerCommerce, pares: number): Promise<{ sku: string; numeracao: string; precoAtacado: Money }> {
  for await (const item of client.produtos.listar({ limite: 100 })) {
    const produto = await client.produtos.obter(item.sku);
    const size = produto.numeracoes.find((n) => n.estoque >= pares);
    if (produto.ativo && size) return { sku: produto.sku, numeracao: size.numeracao, precoAtacado: produto.precoAtacado };
  }
  throw new Error('no product with stock');
}

describe('the SDK client against the fake, through the spec full test flow', () => {
  it('creates an order, sends and validates a proof, moves it to ENVIADO and credits the ledger, with one webhook per step', async () => {
    const { client, events } = setup();
    const item = await disponivel(client, 2);

    const criado = await client.pedidos.criar({ referenciaExterna: 'FLUXO-1', itens: [{ sku: item.sku, numeracao: item.numeracao, quantidade: 2 }] }).withMeta();
    const pedido = criado.data;
    expect(criado.meta.status).toBe(201);
    expect(criado.meta.idempotentReplayed).toBe(false);
    expect(pedido).toMatchObject({ status: 'AGUARDANDO_PAGAMENTO', origem: 'API', referenciaExterna: 'FLUXO-1', enviarPara: 'CLIENTE' });
    expect(pedido.total).toBeInstanceOf(Money);
    expect(pedido.total.toString()).toBe(item.precoAtacado.times(2).toString());
    expect(events.map((e) => e.evento)).toEqual(['pedido.criado']);

    const anexo = await client.pedidos.comprovantes.enviar(pedido.id, PDF, { nomeArquivo: 'pix.pdf' });
    expect(anexo).toMatchObject({ tipo: 'COMPROVANTE', nomeArquivo: 'pix.pdf', tipoArquivo: 'application/pdf', tamanhoBytes: PDF.length, validado: false, enviadoPeloParceiro: true });
    expect(events).toHaveLength(1);

    const validado = await client.sandbox.pedidos.validarComprovante(pedido.id, anexo.id);
    expect(validado.validado).toBe(true);
    expect((await client.pedidos.obter(pedido.id)).status).toBe('AGUARDANDO_PAGAMENTO');

    for (const status of ['PAGO', 'EM_SEPARACAO', 'ENVIADO'] as const) {
      expect((await client.sandbox.pedidos.alterarStatus(pedido.id, status)).status).toBe(status);
    }

    expect(String((await client.financeiro.saldo()).saldo)).toBe('0.00');
    const lancamento = await client.sandbox.financeiro.criarLancamento({ valor: '150.00', descricao: 'Crédito de teste', pedidoId: pedido.id });
    expect(lancamento).toMatchObject({ tipo: 'CREDITO', descricao: 'Crédito de teste', pedido: { id: pedido.id, numero: pedido.numero } });
    expect(lancamento.valor.toString()).toBe('150.00');
    expect(String((await client.financeiro.saldo()).saldo)).toBe('150.00');

    expect(events.map((e) => e.evento)).toEqual([
      'pedido.criado',
      'pedido.comprovante_validado',
      'pedido.status_alterado',
      'pedido.status_alterado',
      'pedido.status_alterado',
      'financeiro.lancamento_criado',
    ]);
    const transicoes = events.filter((e) => e.evento === 'pedido.status_alterado').map((e) => [e.dados.pedido.statusAnterior, e.dados.pedido.status]);
    expect(transicoes).toEqual([
      ['AGUARDANDO_PAGAMENTO', 'PAGO'],
      ['PAGO', 'EM_SEPARACAO'],
      ['EM_SEPARACAO', 'ENVIADO'],
    ]);
    const comprovante = events[1];
    if (comprovante?.evento !== 'pedido.comprovante_validado') throw new Error('expected the proof event second');
    expect(comprovante.dados.anexo).toMatchObject({ id: anexo.id, validado: true });
    expect(comprovante.dados.pedido.id).toBe(pedido.id);
    // Every notice parses with the SDK's own webhook parser, money back as Money.
    for (const event of events) expect(parseWebhook(JSON.stringify(event)).evento).toBe(event.evento);
    const credito = parseWebhook(events[5]!);
    if (credito.evento !== 'financeiro.lancamento_criado') throw new Error('expected the ledger event last');
    expect(credito.dados.lancamento.valor.toString()).toBe('150.00');
  });

  it('replays a retried creation with the same Idempotency-Key: one order, one pedido.criado, idempotentReplayed true', async () => {
    const { client, events } = setup();
    const item = await disponivel(client, 1);
    const body = { itens: [{ sku: item.sku, numeracao: item.numeracao, quantidade: 1 }] };
    const first = await client.pedidos.criar(body, { idempotencyKey: 'pedido-42' }).withMeta();
    const again = await client.pedidos.criar(body, { idempotencyKey: 'pedido-42' }).withMeta();
    expect(again.meta.idempotentReplayed).toBe(true);
    expect(again.data.id).toBe(first.data.id);
    expect(events.filter((e) => e.evento === 'pedido.criado')).toHaveLength(1);
    const listed = await client.pedidos.listar();
    expect(listed.dados).toHaveLength(1);
  });

  it('surfaces the fake errors as typed ApiErrors: ITENS_INDISPONIVEIS with itens, REFERENCIA_EXTERNA_DUPLICADA with pedido', async () => {
    const { client } = setup();
    const item = await disponivel(client, 1);
    const erro = await client.pedidos
      .criar({
        itens: [
          { sku: item.sku, numeracao: item.numeracao, quantidade: 1 },
          { sku: 'NAO-EXISTE', numeracao: '36', quantidade: 1 },
        ],
      })
      .catch((e: unknown) => e);
    expect(erro).toBeInstanceOf(ApiError);
    if (!(erro instanceof ApiError) || erro.codigo !== 'ITENS_INDISPONIVEIS') throw erro;
    expect(erro.status).toBe(422);
    expect(erro.itens).toEqual([{ indice: 1, motivo: 'PRODUTO_INEXISTENTE', disponivel: 0 }]);

    const pedido = await client.pedidos.criar({ referenciaExterna: 'R-1', itens: [{ sku: item.sku, numeracao: item.numeracao, quantidade: 1 }] });
    const duplicada = await client.pedidos.criar({ referenciaExterna: 'R-1', itens: [{ sku: item.sku, numeracao: item.numeracao, quantidade: 1 }] }).catch((e: unknown) => e);
    if (!(duplicada instanceof ApiError) || duplicada.codigo !== 'REFERENCIA_EXTERNA_DUPLICADA') throw duplicada;
    expect(duplicada.status).toBe(409);
    expect(duplicada.pedido).toMatchObject({ id: pedido.id, numero: pedido.numero });
  });
});
