import type { AnexoRecord, ClienteRecord, EtiquetaRecord, LancamentoRecord, PedidoResumoWire, RastreioRecord } from '../state/records.js';
import type { ProdutoRecord } from '../catalog/types.js';

// Sample records for event builders: plausible, fixed (so snapshots are stable) and in the wire shape
// the API sends. Each call returns a fresh copy, so a test may change what it gets.

/** When every sample happened (Brasilia time). */
export const SAMPLE_TIME = '2024-05-10T12:00:00-03:00';

/** An order summary, AGUARDANDO_PAGAMENTO, made through the API. */
export function samplePedido(): PedidoResumoWire {
  return {
    id: 'ped_00001a1b2c3',
    numero: 1001,
    status: 'AGUARDANDO_PAGAMENTO',
    total: '259.80',
    origem: 'API',
    referenciaExterna: 'PEDIDO-1001',
    enviarPara: 'CLIENTE',
    criadoEm: SAMPLE_TIME,
    atualizadoEm: SAMPLE_TIME,
  };
}

/** A payment proof, validated. */
export function sampleAnexo(): AnexoRecord {
  return {
    id: 'anx_00001d4e5f6',
    tipo: 'COMPROVANTE',
    nomeArquivo: 'comprovante.pdf',
    tipoArquivo: 'application/pdf',
    tamanhoBytes: 48213,
    validado: true,
    enviadoPeloParceiro: true,
    criadoEm: SAMPLE_TIME,
  };
}

/** A tracking code added by the partner, not validated yet. */
export function sampleRastreio(): RastreioRecord {
  return { id: 'rst_00001a7b8c9', codigo: 'AA123456789BR', transportadora: 'Correios', validado: false, cadastradoPeloParceiro: true, criadoEm: SAMPLE_TIME };
}

/** A label just issued (GERADA). */
export function sampleEtiqueta(): EtiquetaRecord {
  return {
    id: 'etq_00001f0e1d2',
    pedido: { id: 'ped_00001a1b2c3', numero: 1001 },
    servico: { id: 1, nome: 'PAC' },
    transportadora: 'Correios',
    valor: '21.90',
    status: 'GERADA',
    rastreio: 'FK123456789BR',
    emitidaEm: SAMPLE_TIME,
    impressaEm: null,
    despachadaEm: null,
    canceladaEm: null,
    atualizadoEm: SAMPLE_TIME,
  };
}

/** A credit on the partner's balance, originated by an order. */
export function sampleLancamento(): LancamentoRecord {
  return { id: 'lan_00001c3d4e5', tipo: 'CREDITO', valor: '150.00', descricao: 'Comissão do pedido 1001', pedido: { id: 'ped_00001a1b2c3', numero: 1001 }, criadoEm: SAMPLE_TIME };
}

/** A customer summary (no contact, no address, as in events). */
export function sampleCliente(): Pick<ClienteRecord, 'id' | 'nome' | 'criadoEm' | 'atualizadoEm'> {
  return { id: 'cli_00001b6a7f8', nome: 'Maria Souza', criadoEm: SAMPLE_TIME, atualizadoEm: SAMPLE_TIME };
}

/** A whole product (rule 1: with precoAtual and the stock of every size). */
export function sampleProduto(): ProdutoRecord {
  return {
    sku: 'SKU-0001',
    titulo: 'Sandália Couro Caramelo',
    imagem: 'https://img.example.test/produtos/sku-0001.jpg',
    precoAtacado: '129.90',
    precoSugerido: '249.90',
    precoAtual: '239.90',
    numeracoes: ['34', '35', '36', '37', '38', '39'].map((numeracao, i) => ({ numeracao, skuVariacao: `SKU-0001-${numeracao}`, estoque: i === 0 ? 0 : 5 + i })),
    categorias: [
      { id: 'cat_feminino', nome: 'Feminino' },
      { id: 'cat_sandalias', nome: 'Sandálias' },
    ],
    estilos: [{ id: 'est_casual', nome: 'Casual' }],
    tags: [{ id: 'tag_couro', nome: 'Couro Legítimo' }],
    ativo: true,
    atualizadoEm: SAMPLE_TIME,
  };
}
