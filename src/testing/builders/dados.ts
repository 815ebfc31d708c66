import type { FakeAnyEventKind, WireDados } from '../webhooks/wire-types.js';
import { sampleAnexo, sampleCliente, sampleEtiqueta, sampleLancamento, samplePedido, sampleProduto, sampleRastreio } from './samples.js';

/**
 * The default `dados` of every event kind of the spec, checked at compile time against the kit's own
 * wire types (../wire/eventos.ts): a kind added there fails the build here until it has a default.
 */
export const DEFAULT_DADOS: { readonly [K in FakeAnyEventKind]: () => WireDados<K> } = {
  'pedido.criado': () => ({ pedido: samplePedido() }),
  'pedido.status_alterado': () => ({ pedido: { ...samplePedido(), status: 'PAGO', statusAnterior: 'AGUARDANDO_PAGAMENTO' } }),
  'pedido.rastreio_adicionado': () => ({ pedido: { ...samplePedido(), status: 'ENVIADO' }, rastreio: sampleRastreio() }),
  'pedido.comprovante_validado': () => ({ pedido: samplePedido(), anexo: sampleAnexo() }),
  'etiqueta.emitida': () => ({ etiqueta: sampleEtiqueta() }),
  'etiqueta.status_alterado': () => ({
    etiqueta: { ...sampleEtiqueta(), status: 'IMPRESSA', impressaEm: '2024-05-10T14:30:00-03:00', atualizadoEm: '2024-05-10T14:30:00-03:00', statusAnterior: 'GERADA' },
  }),
  'financeiro.lancamento_criado': () => ({ lancamento: sampleLancamento() }),
  'produto.estoque_atualizado': () => ({ produto: sampleProduto() }),
  'produto.preco_atualizado': () => ({ produto: sampleProduto(), alterados: ['precoAtacado'], anterior: { precoAtacado: '119.90', precoSugerido: '249.90' } }),
  'produto.nome_alterado': () => ({ produto: sampleProduto(), anterior: { titulo: 'Sandália Couro Marrom' } }),
  'produto.categorias_alteradas': () => ({ produto: sampleProduto(), alterados: ['categorias'] }),
  'produto.criado': () => ({ produto: sampleProduto() }),
  'produto.desativado': () => ({ produto: { ...sampleProduto(), ativo: false } }),
  'produto.reativado': () => ({ produto: sampleProduto() }),
  'produto.lote': () => ({
    total: 2,
    itens: [
      { evento: 'produto.estoque_atualizado', produto: sampleProduto() },
      { evento: 'produto.preco_atualizado', produto: sampleProduto(), alterados: ['precoAtacado'], anterior: { precoAtacado: '119.90', precoSugerido: '249.90' } },
    ],
  }),
  'cliente.criado': () => ({ cliente: sampleCliente() }),
  'cliente.atualizado': () => ({ cliente: sampleCliente(), alterados: ['nome', 'endereco.cep'] }),
  'cliente.removido': () => ({ cliente: sampleCliente() }),
  'teste.ping': () => ({ mensagem: 'Teste de webhook enviado pelo painel.' }),
};
