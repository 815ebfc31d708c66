/**
 * Handling errors by `codigo`: `switch` narrows each code to its extra fields, and every class says
 * what to do next.
 *
 *   npx tsx examples/erros.ts
 */
import { ApiError, ConnectionError, InvalidInputError, PartnerCommerce, UnexpectedResponseError, type Pedidos } from 'partner-commerce';
import { createFakeApi } from 'partner-commerce/testing';

const server = await createFakeApi({ catalogSize: 10 }).listen();
const client = new PartnerCommerce({ token: 'svc_sbx_erros_local', baseUrl: server.url });

/** Creates an order, turning each failure into what the integration should do about it. */
async function criarPedido(body: Pedidos.PedidoCriarParams, idempotencyKey: string): Promise<string> {
  try {
    const pedido = await client.pedidos.criar(body, { idempotencyKey });
    return `created order #${pedido.numero}`;
  } catch (e) {
    if (e instanceof InvalidInputError) return `fix the input, nothing was sent: ${e.issues.map((i) => `${i.path} ${i.message}`).join('; ')}`;
    if (e instanceof ApiError) {
      switch (e.codigo) {
        case 'ITENS_INDISPONIVEIS':
          return `nothing created; unavailable: ${e.itens.map((i) => `itens[${i.indice}] (${i.motivo}, ${i.disponivel ?? '?'} left)`).join(', ')}`;
        case 'REFERENCIA_EXTERNA_DUPLICADA':
          return `already exists as ${e.pedido.id}: fetch it, do not retry`;
        case 'ESCOPO_INSUFICIENTE':
          return `grant ${e.escopoNecessario} to this integration in the panel`;
        case 'TOKEN_INVALIDO':
        case 'TOKEN_EXPIRADO':
          return 'generate a new token for this integration';
        default:
          return `${e.status} ${e.codigo}: ${e.mensagem} (requestId ${e.requestId}; retry later with the same key ${e.idempotencyKey})`;
      }
    }
    if (e instanceof ConnectionError) return `no answer; replay later with the same Idempotency-Key ${e.idempotencyKey}: the server applies it once`;
    if (e instanceof UnexpectedResponseError) return `the order may exist: fetch it before creating again (requestId ${e.requestId})`;
    throw e;
  }
}

/** An active product and size with stock, so the first order goes through. */
async function algumItemComEstoque(): Promise<{ sku: string; numeracao: string }> {
  for await (const { sku } of client.produtos.listar()) {
    const estoque = await client.produtos.estoque(sku);
    const tamanho = estoque.numeracoes.find((n) => n.estoque > 0);
    if (estoque.ativo && tamanho) return { sku, numeracao: tamanho.numeracao };
  }
  throw new Error('no product in stock');
}

try {
  const item = { ...(await algumItemComEstoque()), quantidade: 1 };
  console.log(await criarPedido({ referenciaExterna: 'erp-1', itens: [item] }, 'erp-1'));
  console.log(await criarPedido({ referenciaExterna: 'erp-1', itens: [item] }, 'erp-1-again'));
  console.log(await criarPedido({ referenciaExterna: 'erp-2', itens: [{ ...item, quantidade: 100_000 }] }, 'erp-2'));
  console.log(await criarPedido({ referenciaExterna: '', itens: [item] }, 'erp-3'));
} finally {
  await server.close();
}
