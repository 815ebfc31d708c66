// Orders (tracking codes, proofs, sale values, expenses, order simulators) and the ledger,
// through the SDK against the in-memory fake behind msw.
import { describe, expect, it } from 'vitest';
import { InvalidInputError, Money } from '../../src/index.js';
import { disponivel, fakeBehindMsw, kinds, rejection } from '../helpers/fake-behind-msw.js';
import { pdf as tinyPdf } from '../resources/pdf.js';

const TOKEN = 'svc_sbx_e2e_pedidos';
const { setup } = fakeBehindMsw(TOKEN);
const itemId = (pedido: { itens?: Record<string, unknown>[] | null | undefined }, i = 0) => String(pedido.itens?.[i]?.id);

describe('orders through msw', () => {
  it('validar creates nothing; criar saves the inline customer, prices the order in Money, takes stock and emits cliente.criado then pedido.criado', async () => {
    const { client, events, fake } = setup();
    const item = await disponivel(client, 2);
    const body = { referenciaExterna: 'E2E-1', cliente: { nome: 'Dora', whatsapp: '+5521988887777' }, itens: [{ sku: item.sku, numeracao: item.numeracao, quantidade: 2 }] };
    const total = item.precoAtacado.times(2).toString();
    const validacao = await client.pedidos.validar(body);
    expect(validacao).toMatchObject({ valido: true, itens: [{ indice: 0, sku: item.sku, quantidade: 2 }] });
    expect(validacao.total).toBeInstanceOf(Money);
    expect(String(validacao.total)).toBe(total);
    expect(events).toEqual([]);
    expect((await client.pedidos.listar()).dados).toEqual([]);

    const criado = await client.pedidos.criar(body, { idempotencyKey: 'e2e-pedido-1' }).withMeta();
    const pedido = criado.data;
    expect(criado.meta).toMatchObject({ status: 201, idempotencyKey: 'e2e-pedido-1', idempotentReplayed: false });
    expect(fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/pedidos')?.headers['idempotency-key']).toBe('e2e-pedido-1');
    expect(pedido).toMatchObject({ numero: 1001, status: 'AGUARDANDO_PAGAMENTO', origem: 'API', referenciaExterna: 'E2E-1', enviarPara: 'CLIENTE', rastreios: [], anexos: [] });
    expect(pedido.total).toBeInstanceOf(Money);
    expect(pedido.total.toString()).toBe(total);
    expect(kinds(events)).toEqual(['cliente.criado', 'pedido.criado']);
    const [novoCliente, novoPedido] = events;
    if (novoCliente?.evento !== 'cliente.criado' || novoPedido?.evento !== 'pedido.criado') throw new Error('unexpected events');
    expect(pedido.cliente).toEqual({ id: novoCliente.dados.cliente.id, nome: 'Dora' });
    expect(novoPedido.dados.pedido).toEqual({
      id: pedido.id,
      numero: 1001,
      status: 'AGUARDANDO_PAGAMENTO',
      total,
      origem: 'API',
      referenciaExterna: 'E2E-1',
      enviarPara: 'CLIENTE',
      criadoEm: pedido.criadoEm,
      atualizadoEm: pedido.atualizadoEm,
    });

    const replay = await client.pedidos.criar(body, { idempotencyKey: 'e2e-pedido-1' }).withMeta();
    expect(replay.meta.idempotentReplayed).toBe(true);
    expect(replay.data).toEqual(pedido);
    expect(events).toHaveLength(2);
    await rejection(client.pedidos.criar({ ...body, referenciaExterna: 'E2E-2' }, { idempotencyKey: 'e2e-pedido-1' }), 'IDEMPOTENCY_KEY_REUTILIZADA');

    expect(await client.pedidos.obter(pedido.id)).toEqual(pedido);
    expect((await client.pedidos.listar()).dados.map((p) => p.id)).toEqual([pedido.id]);
    const produto = await client.produtos.obter(item.sku);
    expect(produto.numeracoes.find((n) => n.numeracao === item.numeracao)?.estoque).toBe(item.estoque - 2);
  });

  it('refuses a reused referenciaExterna with the existing pedido, unavailable items with their indice, and unknown ids with NAO_ENCONTRADO', async () => {
    const { client, events } = setup();
    const item = await disponivel(client, 1);
    const linha = { sku: item.sku, numeracao: item.numeracao, quantidade: 1 };
    const pedido = await client.pedidos.criar({ referenciaExterna: 'REF-1', itens: [linha] });
    const duplicada = await rejection(client.pedidos.criar({ referenciaExterna: 'REF-1', itens: [linha] }), 'REFERENCIA_EXTERNA_DUPLICADA');
    expect(duplicada.pedido).toMatchObject({ id: pedido.id, numero: pedido.numero });
    const itens = [linha, { sku: 'SKU-9999', numeracao: '36', quantidade: 1 }, { ...linha, quantidade: 10_000 }];
    const indisponiveis = await rejection(client.pedidos.criar({ itens }), 'ITENS_INDISPONIVEIS');
    expect(indisponiveis.itens[0]).toEqual({ indice: 1, motivo: 'PRODUTO_INEXISTENTE', disponivel: 0 });
    expect(indisponiveis.itens[1]).toMatchObject({ indice: 2, motivo: 'ESTOQUE_INSUFICIENTE' });
    expect((await rejection(client.pedidos.validar({ itens }), 'ITENS_INDISPONIVEIS')).itens.map((i) => i.indice)).toEqual([1, 2]);
    expect((await client.pedidos.listar()).dados.map((p) => p.id)).toEqual([pedido.id]);
    expect(kinds(events)).toEqual(['pedido.criado']);
    await rejection(client.pedidos.obter('ped_nao_existe'), 'NAO_ENCONTRADO');
    await rejection(client.pedidos.rastreios.adicionar('ped_nao_existe', { codigo: 'X', transportadora: 'Y' }), 'NAO_ENCONTRADO');
    await rejection(client.sandbox.pedidos.alterarStatus('ped_nao_existe', 'PAGO'), 'NAO_ENCONTRADO');
    await expect(client.pedidos.criar({ referenciaExterna: '', itens: [linha] })).rejects.toBeInstanceOf(InvalidInputError);
  });

  it('tracking codes: adicionar emits pedido.rastreio_adicionado, remover drops it, and a code validated by the sandbox can no longer be removed', async () => {
    const { client, events } = setup();
    const item = await disponivel(client, 1);
    const pedido = await client.pedidos.criar({ itens: [{ sku: item.sku, numeracao: item.numeracao, quantidade: 1 }] });
    const primeiro = await client.pedidos.rastreios.adicionar(pedido.id, { codigo: 'AA123456789BR', transportadora: 'Correios' });
    expect(primeiro).toMatchObject({ codigo: 'AA123456789BR', transportadora: 'Correios', validado: false, cadastradoPeloParceiro: true });
    await rejection(client.pedidos.rastreios.adicionar(pedido.id, { codigo: 'AA123456789BR', transportadora: 'Correios' }), 'CONFLITO');
    await client.pedidos.rastreios.remover(pedido.id, primeiro.id);
    expect((await client.pedidos.obter(pedido.id)).rastreios).toEqual([]);
    const segundo = await client.pedidos.rastreios.adicionar(pedido.id, { codigo: 'BB987654321BR', transportadora: 'Correios' });
    expect(await client.sandbox.pedidos.validarRastreio(pedido.id, segundo.id)).toEqual({ ...segundo, validado: true });
    await rejection(client.pedidos.rastreios.remover(pedido.id, segundo.id), 'CONFLITO');
    await rejection(client.pedidos.rastreios.remover(pedido.id, primeiro.id), 'NAO_ENCONTRADO');
    expect((await client.pedidos.obter(pedido.id)).rastreios).toEqual([{ ...segundo, validado: true }]);
    expect(kinds(events)).toEqual(['pedido.criado', 'pedido.rastreio_adicionado', 'pedido.rastreio_adicionado']);
    const ultimo = events[2];
    if (ultimo?.evento !== 'pedido.rastreio_adicionado') throw new Error('expected a tracking event');
    expect(ultimo.dados.rastreio).toEqual(segundo);
    expect(ultimo.dados.pedido.id).toBe(pedido.id);
  });

  it('the proof routes answer NAO_ENCONTRADO for an unknown attachment: comprovantes.remover and sandbox.pedidos.validarComprovante', async () => {
    const { client, events } = setup();
    const item = await disponivel(client, 1);
    const pedido = await client.pedidos.criar({ itens: [{ sku: item.sku, numeracao: item.numeracao, quantidade: 1 }] });
    await rejection(client.pedidos.comprovantes.remover(pedido.id, 'anx_nao_existe'), 'NAO_ENCONTRADO');
    await rejection(client.sandbox.pedidos.validarComprovante(pedido.id, 'anx_nao_existe'), 'NAO_ENCONTRADO');
    await expect(client.pedidos.comprovantes.enviar(pedido.id, new TextEncoder().encode('not a pdf'))).rejects.toBeInstanceOf(InvalidInputError);
    expect(kinds(events)).toEqual(['pedido.criado']);
  });

  it('a multipart upload through msw carries the token and the SDK headers (msw rebuilds copied Headers of a FormData request)', async () => {
    const { client, fake } = setup();
    const item = await disponivel(client, 1);
    const pedido = await client.pedidos.criar({ itens: [{ sku: item.sku, numeracao: item.numeracao, quantidade: 1 }] });
    await client.pedidos.comprovantes.enviar(pedido.id, tinyPdf());
    const enviado = fake.requests.at(-1)!;
    expect(enviado.path).toBe(`/v1/pedidos/${pedido.id}/anexos`);
    expect(enviado.headers['authorization']).toBe('Bearer svc_sbx_[redacted]');
    expect(enviado.headers['user-agent']).toMatch(/^partner-commerce\//);
    expect(enviado.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('proofs: a tiny PDF goes up as multipart, is removed, goes up again, is validated once (pedido.comprovante_validado) and then locks the order', async () => {
    const { client, events, fake } = setup();
    const item = await disponivel(client, 1);
    const pedido = await client.pedidos.criar({ itens: [{ sku: item.sku, numeracao: item.numeracao, quantidade: 1 }] });
    const pdf = tinyPdf();
    const primeiro = await client.pedidos.comprovantes.enviar(pedido.id, pdf, { nomeArquivo: 'pix.pdf' });
    expect(primeiro).toMatchObject({ tipo: 'COMPROVANTE', nomeArquivo: 'pix.pdf', tipoArquivo: 'application/pdf', tamanhoBytes: pdf.length, validado: false, enviadoPeloParceiro: true });
    expect(fake.requests.at(-1)?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    await client.pedidos.comprovantes.remover(pedido.id, primeiro.id);
    expect((await client.pedidos.obter(pedido.id)).anexos).toEqual([]);
    const anexo = await client.pedidos.comprovantes.enviar(pedido.id, new Blob([pdf]));
    expect(anexo.nomeArquivo).toMatch(/\.pdf$/);
    const validado = await client.sandbox.pedidos.validarComprovante(pedido.id, anexo.id);
    expect(validado).toEqual({ ...anexo, validado: true });
    expect(await client.sandbox.pedidos.validarComprovante(pedido.id, anexo.id)).toEqual(validado);
    await rejection(client.pedidos.comprovantes.remover(pedido.id, anexo.id), 'CONFLITO');
    await rejection(client.pedidos.comprovantes.enviar(pedido.id, pdf), 'CONFLITO');
    const atual = await client.pedidos.obter(pedido.id);
    expect(atual.anexos).toEqual([validado]);
    expect(atual.status).toBe('AGUARDANDO_PAGAMENTO');
    expect(kinds(events)).toEqual(['pedido.criado', 'pedido.comprovante_validado']);
    const aviso = events[1];
    if (aviso?.evento !== 'pedido.comprovante_validado') throw new Error('expected the proof event');
    expect(aviso.dados.anexo).toEqual(validado);
  });

  it('definirValorVenda sends the two-decimal wire form and the item keeps it; an expense with a Money valor is added, read back and removed', async () => {
    const { client, fake } = setup();
    const item = await disponivel(client, 1);
    const pedido = await client.pedidos.criar({ itens: [{ sku: item.sku, numeracao: item.numeracao, quantidade: 1 }] });
    const id = itemId(pedido);
    const comValor = await client.pedidos.definirValorVenda(pedido.id, id, 129.9);
    expect(comValor).toMatchObject({ id, sku: item.sku });
    expect(comValor.valorVenda).toBeInstanceOf(Money);
    expect(String(comValor.valorVenda)).toBe('129.90');
    expect(JSON.parse(fake.requests.at(-1)!.body)).toEqual({ valor: '129.90' });
    await client.pedidos.definirValorVenda(pedido.id, id, Money.of('99.5'));
    expect(String((await client.pedidos.obter(pedido.id)).itens?.[0]?.valorVenda)).toBe('99.50');
    expect((await rejection(client.pedidos.definirValorVenda(pedido.id, id, 0), 'VALIDACAO')).detalhes[0]?.campo).toBe('valor');
    await rejection(client.pedidos.definirValorVenda(pedido.id, 'itm_nao_existe', 10), 'NAO_ENCONTRADO');
    await expect(client.pedidos.definirValorVenda(pedido.id, id, '12,50')).rejects.toBeInstanceOf(InvalidInputError);

    const despesa = await client.pedidos.despesas.adicionar(pedido.id, { descricao: 'Embalagem', valor: Money.of('12.5') });
    expect(despesa).toMatchObject({ id: expect.any(String), descricao: 'Embalagem', criadoEm: expect.stringMatching(/-03:00$/) });
    expect(String(despesa.valor)).toBe('12.50');
    expect((await client.pedidos.obter(pedido.id)).despesas).toEqual([despesa]);
    await client.pedidos.despesas.remover(pedido.id, String(despesa.id));
    expect((await client.pedidos.obter(pedido.id)).despesas).toEqual([]);
    await rejection(client.pedidos.despesas.remover(pedido.id, String(despesa.id)), 'NAO_ENCONTRADO');
    await rejection(client.pedidos.despesas.adicionar(pedido.id, { valor: 12.5 }), 'VALIDACAO');
  });

  it('sandbox.pedidos.alterarStatus moves the order forward and back with pedido.status_alterado carrying statusAnterior; the same status emits nothing', async () => {
    const { client, events } = setup();
    const item = await disponivel(client, 1);
    const pedido = await client.pedidos.criar({ itens: [{ sku: item.sku, numeracao: item.numeracao, quantidade: 1 }] });
    for (const status of ['PAGO', 'EM_SEPARACAO', 'ENVIADO', 'ENTREGUE', 'ESTORNADO'] as const) {
      const alterado = await client.sandbox.pedidos.alterarStatus(pedido.id, status);
      expect(alterado).toMatchObject({ id: pedido.id, status });
      expect(alterado.total.toString()).toBe(pedido.total.toString());
    }
    await client.sandbox.pedidos.alterarStatus(pedido.id, 'ESTORNADO');
    expect((await client.pedidos.obter(pedido.id)).status).toBe('ESTORNADO');
    const transicoes = events.flatMap((e) => (e.evento === 'pedido.status_alterado' ? [[e.dados.pedido.statusAnterior, e.dados.pedido.status]] : []));
    expect(transicoes).toEqual([
      ['AGUARDANDO_PAGAMENTO', 'PAGO'],
      ['PAGO', 'EM_SEPARACAO'],
      ['EM_SEPARACAO', 'ENVIADO'],
      ['ENVIADO', 'ENTREGUE'],
      ['ENTREGUE', 'ESTORNADO'],
    ]);
    await expect(client.sandbox.pedidos.alterarStatus(pedido.id, 'PERDIDO')).rejects.toBeInstanceOf(InvalidInputError);
  });
});

describe('ledger through msw', () => {
  it('a credit tied to an order and a debit change saldo and appear in extrato, each with financeiro.lancamento_criado', async () => {
    const { client, events, fake } = setup();
    const item = await disponivel(client, 1);
    const pedido = await client.pedidos.criar({ itens: [{ sku: item.sku, numeracao: item.numeracao, quantidade: 1 }] });
    expect(String((await client.financeiro.saldo()).saldo)).toBe('0.00');
    const credito = await client.sandbox.financeiro.criarLancamento({ valor: '150.00', descricao: 'Repasse', pedidoId: pedido.id });
    expect(credito).toMatchObject({ tipo: 'CREDITO', descricao: 'Repasse', pedido: { id: pedido.id, numero: pedido.numero } });
    expect(credito.valor).toBeInstanceOf(Money);
    expect(credito.valor.toString()).toBe('150.00');
    const debito = await client.sandbox.financeiro.criarLancamento({ valor: -12.5, descricao: 'Tarifa' });
    expect(JSON.parse(fake.requests.at(-1)!.body)).toEqual({ valor: '-12.50', descricao: 'Tarifa' });
    expect(debito.valor.toString()).toBe('-12.50');
    expect(debito.tipo).toBe('DEBITO');
    expect(await client.financeiro.saldo()).toMatchObject({ atualizadoEm: expect.stringMatching(/-03:00$/) });
    expect(String((await client.financeiro.saldo()).saldo)).toBe('137.50');
    const extrato = [];
    for await (const l of client.financeiro.extrato({ limite: 1 })) extrato.push(l);
    expect(extrato).toEqual([credito, debito]);
    const lancamentos = events.flatMap((e) => (e.evento === 'financeiro.lancamento_criado' ? [e.dados.lancamento] : []));
    expect(lancamentos).toEqual([expect.objectContaining({ id: credito.id, valor: '150.00' }), expect.objectContaining({ id: debito.id, valor: '-12.50' })]);
    await rejection(client.sandbox.financeiro.criarLancamento({ valor: '1.00', descricao: 'x', pedidoId: 'ped_de_ninguem' }), 'NAO_ENCONTRADO');
    await expect(client.sandbox.financeiro.criarLancamento({ valor: 0, descricao: 'zero' })).rejects.toBeInstanceOf(InvalidInputError);
    await expect(client.sandbox.financeiro.criarLancamento({ valor: '1.00', descricao: 'x'.repeat(201) })).rejects.toBeInstanceOf(InvalidInputError);
    expect(String((await client.financeiro.saldo()).saldo)).toBe('137.50');
  });
});
