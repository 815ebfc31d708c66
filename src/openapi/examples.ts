import type { JsonObject } from './json-types.js';

// Examples of the records, copied from the spec's own examples (test/spec-fixtures/answers, hand-written
// from the spec, never from the SDK); test/openapi/examples.test.ts keeps each equal to its fixture and
// valid against its schema. Each record has the fixture of the answer it is an example of.

/** One example per record, by component name, with the spec fixture it comes from. */
export const RECORD_EXAMPLES: readonly (readonly [record: string, fixture: string, example: JsonObject])[] = [
  [
    'Produto',
    'produtos.obter',
    {
      sku: 'TEN-001',
      titulo: 'Tênis Corrida Leve',
      imagem: 'https://cdn.example.test/ten-001.jpg',
      precoAtacado: '129.90',
      precoSugerido: '249.90',
      precoAtual: '229.90',
      numeracoes: [{ numeracao: '38', skuVariacao: 'TEN-001-38', estoque: 12 }],
      categorias: [{ id: 'cat_1', nome: 'Corrida' }],
      estilos: [{ id: 'est_1', nome: 'Esportivo' }],
      tags: [{ id: 'tag_1', nome: 'Lançamento' }],
      ativo: true,
      atualizadoEm: '2024-05-10T12:00:00-03:00',
    },
  ],
  ['ProdutoEstoque', 'produtos.estoque', { sku: 'TEN-001', ativo: true, numeracoes: [{ numeracao: '38', skuVariacao: 'TEN-001-38', estoque: 12 }], atualizadoEm: '2024-05-10T12:00:00-03:00' }],
  ['Paginacao', 'produtos.listar#paginacao', { proximoCursor: 'cursor_opaco', temMais: true }],
  ['ClienteResumo', 'clientes.obter', { id: 'cli_1', nome: 'Ana Souza', criadoEm: '2024-05-10T12:00:00-03:00', atualizadoEm: '2024-05-10T12:00:00-03:00' }],
  ['Cliente', 'clientes.obter', { id: 'cli_1', nome: 'Ana Souza', criadoEm: '2024-05-10T12:00:00-03:00', atualizadoEm: '2024-05-10T12:00:00-03:00' }],
  ['Conta', 'conta.obter', { fichaCompleta: true }],
  [
    'PedidoResumo',
    'pedidos.obter',
    {
      id: 'ped_1',
      numero: 1001,
      status: 'AGUARDANDO_PAGAMENTO',
      total: '259.80',
      origem: 'API',
      referenciaExterna: 'REF-1',
      enviarPara: 'CLIENTE',
      criadoEm: '2024-05-10T12:00:00-03:00',
      atualizadoEm: '2024-05-10T12:00:00-03:00',
    },
  ],
  [
    'Pedido',
    'pedidos.obter',
    {
      id: 'ped_1',
      numero: 1001,
      status: 'AGUARDANDO_PAGAMENTO',
      total: '259.80',
      origem: 'API',
      referenciaExterna: 'REF-1',
      enviarPara: 'CLIENTE',
      criadoEm: '2024-05-10T12:00:00-03:00',
      atualizadoEm: '2024-05-10T12:00:00-03:00',
    },
  ],
  [
    'Anexo',
    'pedidos.comprovantes.enviar',
    {
      id: 'anx_1',
      tipo: 'COMPROVANTE',
      nomeArquivo: 'comprovante.pdf',
      tipoArquivo: 'application/pdf',
      tamanhoBytes: 2048,
      validado: false,
      enviadoPeloParceiro: true,
      criadoEm: '2024-05-10T12:00:00-03:00',
    },
  ],
  [
    'Rastreio',
    'pedidos.rastreios.adicionar',
    { id: 'ras_1', codigo: 'AA123456789BR', transportadora: 'Correios', validado: false, cadastradoPeloParceiro: true, criadoEm: '2024-05-10T12:00:00-03:00' },
  ],
  [
    'Etiqueta',
    'etiquetas.emitir',
    {
      id: 'etq_1',
      pedido: { id: 'ped_1', numero: 1001 },
      servico: { id: 2, nome: 'PAC' },
      transportadora: 'Correios',
      valor: '23.40',
      status: 'GERADA',
      rastreio: 'AA123456789BR',
      emitidaEm: '2024-05-10T12:00:00-03:00',
      impressaEm: '2024-05-10T12:00:00-03:00',
      despachadaEm: '2024-05-10T12:00:00-03:00',
      canceladaEm: '2024-05-10T12:00:00-03:00',
      atualizadoEm: '2024-05-10T12:00:00-03:00',
    },
  ],
  [
    'Lancamento',
    'sandbox.financeiro.criarLancamento',
    { id: 'lan_1', tipo: 'CREDITO', valor: '100.00', descricao: 'Bônus', pedido: { id: 'ped_1', numero: 1001 }, criadoEm: '2024-05-10T12:00:00-03:00' },
  ],
  ['ErroBody', 'erro', { erro: { codigo: 'VALIDACAO', mensagem: 'Um ou mais campos são inválidos.', detalhes: [], requestId: 'req_1', doc: 'https://docs.example.test/erros#VALIDACAO' } }],
];
