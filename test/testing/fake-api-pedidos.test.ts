import { describe, expect, it } from 'vitest';
import { createFakeApi, type FakeWebhookEvent } from '../../src/testing/index.js';
import { answerProblems } from '../spec-fixtures/fixtures.js';
import { call, criarPedido, disponivel, get, readJson, umPedido, type Produto } from './helpers.js';

function withEvents() {
  const events: FakeWebhookEvent[] = [];
  return { fake: createFakeApi({ onWebhook: (e) => void events.push(e) }), events };
}

describe('fake order creation', () => {
  it("creates an order AGUARDANDO_PAGAMENTO, origem API, total = precoAtacado × quantidade, of the spec fixture's shape", async () => {
    const { fake } = withEvents();
    const item = await disponivel(fake, 3);
    const answer = await criarPedido(fake, { referenciaExterna: 'A-1', itens: [{ sku: item.sku, numeracao: item.numeracao, quantidade: 3 }] });
    expect(answer.status).toBe(201);
    expect(answerProblems('pedidos.criar', answer.json)).toEqual([]);
    expect(answer.json).toMatchObject({ status: 'AGUARDANDO_PAGAMENTO', origem: 'API', enviarPara: 'CLIENTE', referenciaExterna: 'A-1', numero: 1001 });
    expect(answer.json.total).toBe((Number(item.precoAtacado) * 3).toFixed(2));
    expect(answer.json.itens).toEqual([
      expect.objectContaining({ sku: item.sku, numeracao: item.numeracao, quantidade: 3, precoAtacado: item.precoAtacado, subtotal: answer.json.total, valorVenda: null }),
    ]);
    expect(answer.json).toMatchObject({ rastreios: [], anexos: [], despesas: [], cliente: null });
    expect(answer.json.criadoEm).toMatch(/-03:00$/);
    expect((await call(fake, 'GET', `/v1/pedidos/${answer.json.id}`)).json).toEqual(answer.json);
  });

  it('adds the totals of several items and numbers orders one after the other', async () => {
    const { fake } = withEvents();
    const a = await disponivel(fake, 1);
    const produtos = (await readJson<{ dados: Produto[] }>(await get(fake, '/v1/produtos?limite=100'))).dados;
    const b = produtos.find((p) => p.ativo && p.sku !== a.sku && p.numeracoes.some((n) => n.estoque >= 2))!;
    const bSize = b.numeracoes.find((n) => n.estoque >= 2)!;
    const first = await criarPedido(fake, {
      itens: [
        { sku: a.sku, numeracao: a.numeracao, quantidade: 1 },
        { sku: b.sku, numeracao: bSize.numeracao, quantidade: 2 },
      ],
    });
    expect(first.json.total).toBe((Number(a.precoAtacado) + Number(b.precoAtacado) * 2).toFixed(2));
    expect((await umPedido(fake)).numero).toBe(first.json.numero + 1);
  });

  it('takes the pairs from the shared catalog stock, seen by every account', async () => {
    const { fake } = withEvents();
    const item = await disponivel(fake, 2);
    await criarPedido(fake, { itens: [{ sku: item.sku, numeracao: item.numeracao, quantidade: 2 }] });
    const estoque = (await call(fake, 'GET', `/v1/produtos/${item.sku}/estoque`, { token: 'svc_sbx_outra' })).json;
    expect(estoque.numeracoes.find((n: { numeracao: string }) => n.numeracao === item.numeracao).estoque).toBe(item.estoque - 2);
  });

  it('emits pedido.criado with the summary only: no items, recipient, tracking codes or attachments (rule 5)', async () => {
    const { fake, events } = withEvents();
    const pedido = await umPedido(fake);
    expect(events).toHaveLength(1);
    const [event] = events;
    if (event?.evento !== 'pedido.criado') throw new Error('expected pedido.criado');
    expect(Object.keys(event.dados.pedido).sort()).toEqual(['atualizadoEm', 'criadoEm', 'enviarPara', 'id', 'numero', 'origem', 'status', 'total'].sort());
    expect(event.dados.pedido).toMatchObject({ id: pedido.id, numero: pedido.numero, status: 'AGUARDANDO_PAGAMENTO', origem: 'API' });
  });

  it('saves an inline cliente to the book first (cliente.criado) and links it to the order', async () => {
    const { fake, events } = withEvents();
    const item = await disponivel(fake);
    const answer = await criarPedido(fake, { cliente: { nome: 'Ana', whatsapp: '11999990000' }, itens: [{ sku: item.sku, numeracao: item.numeracao, quantidade: 1 }] });
    expect(events.map((e) => e.evento)).toEqual(['cliente.criado', 'pedido.criado']);
    const clientes = (await call(fake, 'GET', '/v1/clientes')).json.dados;
    expect(clientes).toEqual([expect.objectContaining({ nome: 'Ana', whatsapp: '11999990000' })]);
    expect(answer.json.cliente).toEqual({ id: clientes[0].id, nome: 'Ana' });
    const byId = await criarPedido(fake, { clienteId: clientes[0].id, itens: [{ sku: item.sku, numeracao: item.numeracao, quantidade: 1 }] });
    expect(byId.json.cliente).toEqual({ id: clientes[0].id, nome: 'Ana' });
  });

  it('refuses a malformed body with 400 VALIDACAO naming every field, creating nothing', async () => {
    const { fake, events } = withEvents();
    const answer = await criarPedido(fake, { referenciaExterna: '', clienteId: 'cli_nada', itens: [{ sku: 'SKU-0001', quantidade: 0 }, 'x'] });
    expect(answer.status).toBe(400);
    expect(answer.json.erro.codigo).toBe('VALIDACAO');
    expect(answer.json.erro.detalhes.map((d: { campo: string }) => d.campo)).toEqual(['referenciaExterna', 'clienteId', 'itens[0].numeracao', 'itens[0].quantidade', 'itens[1]']);
    expect((await criarPedido(fake, { itens: [] })).json.erro.detalhes[0].campo).toBe('itens');
    expect((await criarPedido(fake, '{not json')).json.erro.codigo).toBe('REQUISICAO_INVALIDA');
    expect((await call(fake, 'GET', '/v1/pedidos')).json.dados).toEqual([]);
    expect(events).toEqual([]);
  });

  it('refuses unavailable items with 422 ITENS_INDISPONIVEIS, indice = position in the body, and creates nothing', async () => {
    const { fake, events } = withEvents();
    const item = await disponivel(fake);
    const produtos = (await readJson<{ dados: Produto[] }>(await get(fake, '/v1/produtos?limite=100'))).dados;
    const inativo = produtos.find((p) => !p.ativo)!;
    const answer = await criarPedido(fake, {
      itens: [
        { sku: item.sku, numeracao: item.numeracao, quantidade: 1 },
        { sku: 'SKU-9999', numeracao: '36', quantidade: 1 },
        { sku: item.sku, numeracao: item.numeracao, quantidade: item.estoque },
        { sku: item.sku, numeracao: '99', quantidade: 1 },
        { sku: inativo.sku, numeracao: inativo.numeracoes[0]!.numeracao, quantidade: 1 },
      ],
    });
    expect(answer.status).toBe(422);
    expect(answer.json.erro.codigo).toBe('ITENS_INDISPONIVEIS');
    expect(answer.json.erro.itens).toEqual([
      { indice: 1, motivo: 'PRODUTO_INEXISTENTE', disponivel: 0 },
      { indice: 2, motivo: 'ESTOQUE_INSUFICIENTE', disponivel: item.estoque - 1 },
      { indice: 3, motivo: 'NUMERACAO_INEXISTENTE', disponivel: 0 },
      { indice: 4, motivo: 'PRODUTO_INATIVO', disponivel: 0 },
    ]);
    expect((await call(fake, 'GET', '/v1/pedidos')).json.dados).toEqual([]);
    const estoque = (await call(fake, 'GET', `/v1/produtos/${item.sku}/estoque`)).json;
    expect(estoque.numeracoes.find((n: { numeracao: string }) => n.numeracao === item.numeracao).estoque).toBe(item.estoque);
    expect(events).toEqual([]);
  });

  it('refuses a second order with the same referenciaExterna: 409 REFERENCIA_EXTERNA_DUPLICADA carrying pedido', async () => {
    const { fake } = withEvents();
    const item = await disponivel(fake);
    const body = (ref: string) => ({ referenciaExterna: ref, itens: [{ sku: item.sku, numeracao: item.numeracao, quantidade: 1 }] });
    const first = await criarPedido(fake, body('X-1'));
    const again = await criarPedido(fake, body('X-1'));
    expect(again.status).toBe(409);
    expect(again.json.erro.codigo).toBe('REFERENCIA_EXTERNA_DUPLICADA');
    expect(again.json.erro.pedido).toMatchObject({ id: first.json.id, numero: first.json.numero });
    // Unique per partner, not across partners.
    expect((await criarPedido(fake, body('X-1'), { token: 'svc_sbx_outro' })).status).toBe(201);
  });

  it('answers 400 PROFILE_INCOMPLETE while fichaCompleta is false', async () => {
    const fake = createFakeApi({ accounts: { svc_sbx_teste: { profileComplete: false } } });
    expect((await call(fake, 'GET', '/v1/conta')).json.fichaCompleta).toBe(false);
    const answer = await criarPedido(fake, { itens: [{ sku: 'SKU-0001', numeracao: '36', quantidade: 1 }] });
    expect(answer.status).toBe(400);
    expect(answer.json.erro.codigo).toBe('PROFILE_INCOMPLETE');
  });

  it('validates an order without creating it: same errors, nothing stored, no event, no key needed', async () => {
    const { fake, events } = withEvents();
    const item = await disponivel(fake);
    const ok = await call(fake, 'POST', '/v1/pedidos/validar', { body: { itens: [{ sku: item.sku, numeracao: item.numeracao, quantidade: 1 }] } });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ valido: true, total: item.precoAtacado });
    const bad = await call(fake, 'POST', '/v1/pedidos/validar', { body: { itens: [{ sku: 'SKU-9999', numeracao: '36', quantidade: 1 }] } });
    expect(bad.json.erro.codigo).toBe('ITENS_INDISPONIVEIS');
    expect((await call(fake, 'GET', '/v1/pedidos')).json.dados).toEqual([]);
    expect(events).toEqual([]);
  });

  it('keeps orders per account: another token gets 404 NAO_ENCONTRADO, for reads and simulators alike', async () => {
    const { fake } = withEvents();
    const pedido = await umPedido(fake);
    for (const [method, path, body] of [
      ['GET', `/v1/pedidos/${pedido.id}`, undefined],
      ['POST', `/v1/sandbox/pedidos/${pedido.id}/status`, { status: 'PAGO' }],
      ['POST', `/v1/pedidos/${pedido.id}/rastreios`, { codigo: 'X', transportadora: 'Y' }],
    ] as const) {
      const answer = await call(fake, method, path, { body, token: 'svc_sbx_outro' });
      expect(answer.status).toBe(404);
      expect(answer.json.erro.codigo).toBe('NAO_ENCONTRADO');
    }
  });

  it('lists orders page by page in creation order', async () => {
    const { fake } = withEvents();
    const ids = [(await umPedido(fake)).id, (await umPedido(fake)).id, (await umPedido(fake)).id];
    const first = (await call(fake, 'GET', '/v1/pedidos?limite=2')).json;
    expect(first.dados.map((p: { id: string }) => p.id)).toEqual(ids.slice(0, 2));
    expect(first.paginacao.temMais).toBe(true);
    const second = (await call(fake, 'GET', `/v1/pedidos?limite=2&cursor=${encodeURIComponent(first.paginacao.proximoCursor)}`)).json;
    expect(second).toEqual({ dados: [expect.objectContaining({ id: ids[2] })], paginacao: { proximoCursor: null, temMais: false } });
  });
});
