import { describe, expect, it } from 'vitest';
import { createFakeApi, type FakeWebhookEvent } from '../../src/testing/index.js';
import { answerProblems } from '../spec-fixtures/fixtures.js';
import { call, disponivel, umPedido } from './helpers.js';

function withEvents(options: Parameters<typeof createFakeApi>[0] = {}) {
  const events: FakeWebhookEvent[] = [];
  return { fake: createFakeApi({ ...options, onWebhook: (e) => void events.push(e) }), events };
}

describe('fake order status simulator', () => {
  it('accepts any of the seven states, backwards included, with one pedido.status_alterado carrying statusAnterior each', async () => {
    const { fake, events } = withEvents();
    const pedido = await umPedido(fake);
    for (const status of ['ENTREGUE', 'PAGO', 'ESTORNADO', 'AGUARDANDO_PAGAMENTO']) {
      const answer = await call(fake, 'POST', `/v1/sandbox/pedidos/${pedido.id}/status`, { body: { status } });
      expect(answer.status).toBe(200);
      expect(answerProblems('sandbox.pedidos.alterarStatus', answer.json)).toEqual([]);
      expect(answer.json.status).toBe(status);
      expect(answer.json).not.toHaveProperty('statusAnterior');
    }
    const mudancas = events.flatMap((e) => (e.evento === 'pedido.status_alterado' ? [[e.dados.pedido.statusAnterior, e.dados.pedido.status]] : []));
    expect(mudancas).toEqual([
      ['AGUARDANDO_PAGAMENTO', 'ENTREGUE'],
      ['ENTREGUE', 'PAGO'],
      ['PAGO', 'ESTORNADO'],
      ['ESTORNADO', 'AGUARDANDO_PAGAMENTO'],
    ]);
  });

  it('changes nothing and emits nothing when the status is the current one', async () => {
    const { fake, events } = withEvents();
    const pedido = await umPedido(fake);
    const before = (await call(fake, 'GET', `/v1/pedidos/${pedido.id}`)).json;
    const answer = await call(fake, 'POST', `/v1/sandbox/pedidos/${pedido.id}/status`, { body: { status: 'AGUARDANDO_PAGAMENTO' } });
    expect(answer.json).toEqual(before);
    expect(events.map((e) => e.evento)).toEqual(['pedido.criado']);
  });

  it('refuses an unknown status with 400 VALIDACAO and a missing order with 404', async () => {
    const { fake } = withEvents();
    const pedido = await umPedido(fake);
    const answer = await call(fake, 'POST', `/v1/sandbox/pedidos/${pedido.id}/status`, { body: { status: 'FATURADO' } });
    expect(answer.status).toBe(400);
    expect(answer.json.erro).toMatchObject({ codigo: 'VALIDACAO', detalhes: [expect.objectContaining({ campo: 'status' })] });
    expect((await call(fake, 'POST', '/v1/sandbox/pedidos/ped_nada/status', { body: { status: 'PAGO' } })).json.erro.codigo).toBe('NAO_ENCONTRADO');
  });
});

describe('fake ledger simulator', () => {
  it('creates a credit (201, CREDITO, financeiro.lancamento_criado) and a debit, and the balance follows', async () => {
    const { fake, events } = withEvents();
    const credito = await call(fake, 'POST', '/v1/sandbox/financeiro/lancamentos', { body: { valor: '100.00', descricao: 'Bônus' } });
    expect(credito.status).toBe(201);
    expect(answerProblems('sandbox.financeiro.criarLancamento', credito.json)).toEqual([]);
    expect(credito.json).toMatchObject({ tipo: 'CREDITO', descricao: 'Bônus' });
    expect(credito.json.valor).toBe('100.00');
    const debito = await call(fake, 'POST', '/v1/sandbox/financeiro/lancamentos', { body: { valor: '-30.55', descricao: 'Tarifa' } });
    expect(debito.json).toMatchObject({ tipo: 'DEBITO', valor: '-30.55' });
    expect((await call(fake, 'GET', '/v1/financeiro/saldo')).json.saldo).toBe('69.45');
    expect((await call(fake, 'GET', '/v1/financeiro/extrato')).json.dados).toEqual([credito.json, debito.json]);
    const lancados = events.filter((e) => e.evento === 'financeiro.lancamento_criado').map((e) => e.dados.lancamento);
    expect(lancados).toEqual([credito.json, debito.json]);
  });

  it('refuses zero, a malformed amount, a missing descricao or one over 200 characters: 400 VALIDACAO, balance unchanged', async () => {
    const { fake, events } = withEvents();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ valor: '0.00', descricao: 'zero' }, 'valor'],
      [{ valor: '-0.00', descricao: 'zero' }, 'valor'],
      [{ valor: 10, descricao: 'número' }, 'valor'],
      [{ valor: '10.00' }, 'descricao'],
      [{ valor: '10.00', descricao: 'x'.repeat(201) }, 'descricao'],
    ];
    for (const [body, campo] of cases) {
      const answer = await call(fake, 'POST', '/v1/sandbox/financeiro/lancamentos', { body });
      expect(answer.status).toBe(400);
      expect(answer.json.erro).toMatchObject({ codigo: 'VALIDACAO', detalhes: [expect.objectContaining({ campo })] });
    }
    expect((await call(fake, 'POST', '/v1/sandbox/financeiro/lancamentos', { body: { valor: '1.00', descricao: 'é'.repeat(200) } })).status).toBe(201);
    expect((await call(fake, 'GET', '/v1/financeiro/saldo')).json.saldo).toBe('1.00');
    expect(events).toHaveLength(1);
  });

  it('links an entry to an order of this account, and answers 404 for an order of another', async () => {
    const { fake } = withEvents();
    const pedido = await umPedido(fake);
    const ok = await call(fake, 'POST', '/v1/sandbox/financeiro/lancamentos', { body: { valor: '5.00', descricao: 'ok', pedidoId: pedido.id } });
    expect(ok.json.pedido).toEqual({ id: pedido.id, numero: pedido.numero });
    const other = await call(fake, 'POST', '/v1/sandbox/financeiro/lancamentos', { body: { valor: '5.00', descricao: 'x', pedidoId: pedido.id }, token: 'svc_sbx_outro' });
    expect(other.status).toBe(404);
    expect(other.json.erro.codigo).toBe('NAO_ENCONTRADO');
  });
});

describe('fake stock simulator', () => {
  it('sets the stock of an existing size and answers the Product stock shape', async () => {
    const { fake } = withEvents();
    const item = await disponivel(fake);
    const answer = await call(fake, 'PUT', `/v1/sandbox/produtos/${item.sku}/estoque`, { body: { numeracao: item.numeracao, estoque: 77 } });
    expect(answer.status).toBe(200);
    expect(answerProblems('sandbox.produtos.definirEstoque', answer.json)).toEqual([]);
    const estoque = answer.json as { numeracoes: Array<{ numeracao: string; estoque: number }> };
    expect(estoque.numeracoes.find((n) => n.numeracao === item.numeracao)?.estoque).toBe(77);
    expect((await call(fake, 'GET', `/v1/produtos/${item.sku}/estoque`)).json).toEqual(answer.json);
  });

  it('refuses a size the product does not have or a bad estoque with 400 VALIDACAO, and a missing product with 404', async () => {
    const { fake } = withEvents();
    const item = await disponivel(fake);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ numeracao: '99', estoque: 1 }, 'numeracao'],
      [{ numeracao: item.numeracao, estoque: -1 }, 'estoque'],
      [{ numeracao: item.numeracao, estoque: 1.5 }, 'estoque'],
    ];
    for (const [body, campo] of cases) {
      const answer = await call(fake, 'PUT', `/v1/sandbox/produtos/${item.sku}/estoque`, { body });
      expect(answer.status).toBe(400);
      expect(answer.json.erro).toMatchObject({ codigo: 'VALIDACAO', detalhes: [expect.objectContaining({ campo })] });
    }
    expect((await call(fake, 'PUT', '/v1/sandbox/produtos/SKU-9999/estoque', { body: { numeracao: '36', estoque: 1 } })).json.erro.codigo).toBe('NAO_ENCONTRADO');
  });
});

describe('fake account reset', () => {
  it('answers 204 and deletes orders, customers and ledger, emitting nothing (no cliente.removido)', async () => {
    const { fake, events } = withEvents({ accounts: { svc_sbx_teste: { profileComplete: true } } });
    await umPedido(fake);
    const cliente = (await call(fake, 'POST', '/v1/clientes', { body: { nome: 'Bia' } })).json;
    await call(fake, 'POST', '/v1/sandbox/financeiro/lancamentos', { body: { valor: '9.00', descricao: 'x' } });
    const before = events.length;
    const reset = await call(fake, 'POST', '/v1/sandbox/conta/resetar');
    expect(reset.status).toBe(204);
    expect(reset.json).toBeUndefined();
    expect(events).toHaveLength(before);
    expect((await call(fake, 'GET', '/v1/pedidos')).json.dados).toEqual([]);
    expect((await call(fake, 'GET', '/v1/clientes')).json.dados).toEqual([]);
    expect((await call(fake, 'GET', `/v1/clientes/${cliente.id}`)).status).toBe(404);
    expect((await call(fake, 'GET', '/v1/financeiro/extrato')).json.dados).toEqual([]);
    expect((await call(fake, 'GET', '/v1/financeiro/saldo')).json.saldo).toBe('0.00');
  });

  it('touches only the caller account, and new orders never reuse an id or number', async () => {
    const { fake } = withEvents();
    const mine = await umPedido(fake);
    const theirs = await umPedido(fake, 'svc_sbx_outro');
    await call(fake, 'POST', '/v1/sandbox/conta/resetar');
    expect((await call(fake, 'GET', `/v1/pedidos/${theirs.id}`, { token: 'svc_sbx_outro' })).status).toBe(200);
    const next = await umPedido(fake);
    expect(next.id).not.toBe(mine.id);
    expect(next.numero).toBeGreaterThan(mine.numero);
  });

  it('lets simulators run whatever the integration permissions', async () => {
    const { fake } = withEvents({ accounts: { svc_sbx_teste: { permissions: [] } } });
    expect((await call(fake, 'POST', '/v1/sandbox/financeiro/lancamentos', { body: { valor: '1.00', descricao: 'x' } })).status).toBe(201);
    const sizes = (await call(fake, 'GET', '/v1/produtos/SKU-0001/estoque', { token: 'svc_sbx_leitor' })).json.numeracoes;
    expect((await call(fake, 'PUT', '/v1/sandbox/produtos/SKU-0001/estoque', { body: { numeracao: sizes[0].numeracao, estoque: 3 } })).status).toBe(200);
    expect((await call(fake, 'POST', '/v1/sandbox/conta/resetar')).status).toBe(204);
    expect((await call(fake, 'GET', '/v1/financeiro/saldo')).status).toBe(403);
  });
});
