/**
 * Wire-form webhook notices (money as strings, as the API sends them) for every event kind, shaped after
 * the shared models. Each builder returns a fresh object, so a test may mutate it.
 */
import type { TipoEvento } from '../../src/webhooks/index.js';

export const ENVELOPE = {
  id: 'evt_01JD7X3K9Q2W8M4N6P',
  criadoEm: '2026-11-20T10:00:00-03:00',
  ambiente: 'producao',
  integracao: { id: 'int_8f2a', nome: 'Loja Centro' },
} as const;

export function pedidoJson(extra: Record<string, unknown> = {}) {
  return {
    id: 'ped_7c1e9a',
    numero: 10423,
    status: 'PAGO',
    total: '1299.90',
    origem: 'API',
    referenciaExterna: 'PED-2026-0042',
    enviarPara: 'CLIENTE',
    criadoEm: '2026-11-20T09:12:44-03:00',
    atualizadoEm: '2026-11-20T10:00:00-03:00',
    ...extra,
  };
}

export function produtoJson(sku = 'TEN-001', extra: Record<string, unknown> = {}) {
  return {
    sku,
    titulo: 'Tênis de corrida leve',
    imagem: `https://img.example.test/${sku}.jpg`,
    precoAtacado: '129.90',
    precoSugerido: '199.90',
    precoAtual: '189.90',
    numeracoes: Array.from({ length: 10 }, (_, k) => ({ numeracao: String(34 + k), skuVariacao: `${sku}-${34 + k}`, estoque: k })),
    categorias: [{ id: 'cat_1', nome: 'Tênis' }],
    estilos: [{ id: 'est_1', nome: 'Esportivo' }],
    tags: [{ id: 'tag_1', nome: 'Lançamento' }],
    ativo: true,
    atualizadoEm: '2026-11-20T10:00:00-03:00',
    ...extra,
  };
}

const rastreio = () => ({
  id: 'ras_1',
  codigo: 'BR123456789BR',
  transportadora: 'Correios',
  validado: false,
  cadastradoPeloParceiro: true,
  criadoEm: '2026-11-20T11:00:00-03:00',
});

const anexo = () => ({
  id: 'anx_1',
  tipo: 'COMPROVANTE',
  nomeArquivo: 'comprovante.pdf',
  tipoArquivo: 'application/pdf',
  tamanhoBytes: 48213,
  validado: true,
  enviadoPeloParceiro: true,
  criadoEm: '2026-11-20T09:30:00-03:00',
});

const etiqueta = (extra: Record<string, unknown> = {}) => ({
  id: 'eti_1',
  pedido: { id: 'ped_7c1e9a', numero: 10423 },
  servico: { id: 3, nome: 'PAC' },
  transportadora: 'Correios',
  valor: '23.50',
  status: 'GERADA',
  rastreio: 'BR123456789BR',
  emitidaEm: '2026-11-20T12:00:00-03:00',
  impressaEm: null,
  despachadaEm: null,
  canceladaEm: null,
  atualizadoEm: '2026-11-20T12:00:00-03:00',
  ...extra,
});

const cliente = () => ({ id: 'cli_1', nome: 'Maria Souza', criadoEm: '2026-11-01T08:00:00-03:00', atualizadoEm: '2026-11-20T10:00:00-03:00' });

/** The `dados` of one single notice of each kind. */
export const DADOS = {
  'pedido.criado': () => ({ pedido: pedidoJson({ status: 'AGUARDANDO_PAGAMENTO' }) }),
  'pedido.status_alterado': () => ({ pedido: pedidoJson({ statusAnterior: 'AGUARDANDO_PAGAMENTO' }) }),
  'pedido.rastreio_adicionado': () => ({ pedido: pedidoJson(), rastreio: rastreio() }),
  'pedido.comprovante_validado': () => ({ pedido: pedidoJson(), anexo: anexo() }),
  'etiqueta.emitida': () => ({ etiqueta: etiqueta() }),
  'etiqueta.status_alterado': () => ({ etiqueta: etiqueta({ status: 'IMPRESSA', statusAnterior: 'GERADA', impressaEm: '2026-11-20T13:00:00-03:00' }) }),
  'financeiro.lancamento_criado': () => ({
    lancamento: { id: 'lan_1', tipo: 'CREDITO', valor: '-5.00', descricao: 'Ajuste', pedido: { id: 'ped_7c1e9a', numero: 10423 }, criadoEm: '2026-11-20T10:00:00-03:00' },
  }),
  'produto.estoque_atualizado': () => ({ produto: produtoJson() }),
  'produto.preco_atualizado': () => ({ produto: produtoJson(), alterados: ['precoAtacado'], anterior: { precoAtacado: '119.90', precoSugerido: '199.90' } }),
  'produto.nome_alterado': () => ({ produto: produtoJson(), anterior: { titulo: 'Tênis de corrida' } }),
  'produto.categorias_alteradas': () => ({ produto: produtoJson(), alterados: ['categorias', 'tags'] }),
  'produto.criado': () => ({ produto: produtoJson() }),
  'produto.desativado': () => ({ produto: produtoJson('TEN-001', { ativo: false }) }),
  'produto.reativado': () => ({ produto: produtoJson() }),
  'produto.lote': () => ({
    total: 3,
    itens: [
      { evento: 'produto.estoque_atualizado', produto: produtoJson('TEN-001') },
      { evento: 'produto.preco_atualizado', produto: produtoJson('TEN-002'), alterados: ['precoSugerido'], anterior: { precoAtacado: '129.90', precoSugerido: '189.90' } },
      { evento: 'produto.nome_alterado', produto: produtoJson('TEN-003'), anterior: { titulo: 'Antigo' } },
    ],
  }),
  'cliente.criado': () => ({ cliente: cliente() }),
  'cliente.atualizado': () => ({ cliente: cliente(), alterados: ['nome', 'endereco.cep'] }),
  'cliente.removido': () => ({ cliente: cliente() }),
  'teste.ping': () => ({ mensagem: 'Teste de webhook' }),
} satisfies Record<TipoEvento, () => Record<string, unknown>>;

/** A whole notice of `evento` in wire form; `id` and other envelope fields can be overridden. */
export function eventoJson(evento: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const dados = evento in DADOS ? DADOS[evento as TipoEvento]() : { algo: 1 };
  return { ...ENVELOPE, integracao: { ...ENVELOPE.integracao }, evento, dados, ...overrides };
}

/** The same notice as the raw text a receiver gets. */
export function eventoBody(evento: string, overrides: Record<string, unknown> = {}): string {
  return JSON.stringify(eventoJson(evento, overrides));
}
