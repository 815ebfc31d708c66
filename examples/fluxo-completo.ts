/**
 * The spec's "Full test flow", end to end: create an order, send its payment proof, validate the
 * proof, move the order PAGO -> EM_SEPARACAO -> ENVIADO, and add a credit to the ledger — with a
 * webhook receiver printing each notice as it arrives, and the balance before and after.
 *
 *   npm run demo
 *
 * By default it runs against the SDK's fake sandbox, served on a loopback port, with the receiver
 * on another: no credentials needed. With PARTNER_COMMERCE_TOKEN and PARTNER_COMMERCE_BASE_URL set
 * it runs against the real sandbox instead; the real notices then go to the address registered in
 * the supplier's panel, not to this process.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PartnerCommerce } from 'partner-commerce';
import { createFakeApi, samplePdf } from 'partner-commerce/testing';
import { createWebhookHandler, type EventoIndividual } from 'partner-commerce/webhooks';

const real = Boolean(process.env.PARTNER_COMMERCE_TOKEN && process.env.PARTNER_COMMERCE_BASE_URL);
const step = (text: string) => console.log(`\n▶ ${text}`);
const said = (text: string) => console.log(`  ${text}`);

// The receiver: the same handler a partner mounts in production, here on node:http.
const handler = createWebhookHandler({
  // The fake sandbox does not sign its notices. In production, check the supplier's signature here
  // (docs/webhooks.md): `verify` is required, and only `verify: 'unsafe-skip'` trusts any sender.
  verify: async () => !real,
  on: {
    'pedido.criado': (e) => said(`⚡ pedido.criado: pedido #${e.dados.pedido.numero}, ${e.dados.pedido.status}, total R$ ${e.dados.pedido.total}`),
    'pedido.comprovante_validado': (e) => said(`⚡ pedido.comprovante_validado: ${e.dados.anexo.nomeArquivo} (status still ${e.dados.pedido.status})`),
    'pedido.status_alterado': (e) => said(`⚡ pedido.status_alterado: ${e.dados.pedido.statusAnterior} -> ${e.dados.pedido.status}`),
    'financeiro.lancamento_criado': (e) => said(`⚡ financeiro.lancamento_criado: ${e.dados.lancamento.tipo} R$ ${e.dados.lancamento.valor} "${e.dados.lancamento.descricao}"`),
    'cliente.criado': (e) => said(`⚡ cliente.criado: ${e.dados.cliente.nome}`),
  },
  onUnknown: (e: EventoIndividual) => said(`⚡ ${e.evento} (a kind this SDK version does not know)`),
  logger: console,
});
const receiver = createServer((req, res) => void handler.node(req, res));
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;

const fake = real ? undefined : createFakeApi({ webhookUrl: receiverUrl });
const server = await fake?.listen();
const client = real ? new PartnerCommerce() : new PartnerCommerce({ token: 'svc_sbx_demo_local', baseUrl: server!.url });

try {
  console.log(
    real
      ? `Sandbox at ${process.env.PARTNER_COMMERCE_BASE_URL} (${client.environment}); notices go to the address registered for it (the supplier's panel, or the local sandbox's --forward-to), not to this process.`
      : `Fake sandbox on ${server!.url}; notices to ${receiverUrl}.`,
  );

  step('Balance before');
  said(JSON.stringify(await client.financeiro.saldo()));

  step('1. Create an order (Idempotency-Key sent automatically)');
  const produto = await firstProductInStock(client);
  const { data: pedido, meta } = await client.pedidos
    .criar({
      referenciaExterna: `demo-${Date.now()}`,
      enviarPara: 'CLIENTE',
      cliente: { nome: 'Ana Souza', whatsapp: '+55 11 90000-0000', endereco: { cep: '01310-100', rua: 'Av. Paulista, 1000' } },
      itens: [{ sku: produto.sku, numeracao: produto.numeracao, quantidade: 1 }],
    })
    .withMeta();
  said(`order #${pedido.numero} (${pedido.id}): ${pedido.status}, total R$ ${pedido.total}; Idempotency-Key ${meta.idempotencyKey}`);

  step('2. Send the payment proof (a small PDF made on the fly)');
  const anexo = await client.pedidos.comprovantes.enviar(pedido.id, samplePdf(`Comprovante de pagamento do pedido ${pedido.numero}`), { nomeArquivo: `comprovante-${pedido.numero}.pdf` });
  said(`attachment ${anexo.id}: ${anexo.tipoArquivo}, ${anexo.tamanhoBytes} bytes, validado=${anexo.validado}`);

  step('3. Simulate the proof validation');
  const validado = await client.sandbox.pedidos.validarComprovante(pedido.id, anexo.id);
  said(`validado=${validado.validado}`);

  step('4. Simulate PAGO, then EM_SEPARACAO, then ENVIADO');
  for (const status of ['PAGO', 'EM_SEPARACAO', 'ENVIADO'] as const) {
    const atualizado = await client.sandbox.pedidos.alterarStatus(pedido.id, status);
    said(`order is now ${atualizado.status}`);
  }

  step('5. Simulate a credit entry');
  const lancamento = await client.sandbox.financeiro.criarLancamento({ valor: '150.00', descricao: `Crédito de demonstração do pedido #${pedido.numero}`, pedidoId: pedido.id });
  said(`entry ${lancamento.id}: R$ ${lancamento.valor}`);

  step('Balance after');
  said(JSON.stringify(await client.financeiro.saldo()));
  console.log("\nDone: every step of the spec's full test flow ran, and each notice above arrived through the webhook handler.");
} finally {
  await server?.close();
  receiver.close();
}

/** A product and size with stock, so the order can be created. */
async function firstProductInStock(c: PartnerCommerce): Promise<{ sku: string; numeracao: string }> {
  for await (const resumo of c.produtos.listar({ limite: 20 })) {
    const estoque = await c.produtos.estoque(resumo.sku);
    const tamanho = estoque.numeracoes.find((n) => n.estoque > 0);
    if (estoque.ativo && tamanho) return { sku: resumo.sku, numeracao: tamanho.numeracao };
  }
  throw new Error('no product with stock in the first page of the catalog');
}
