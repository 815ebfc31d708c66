import { describe, expect, it } from 'vitest';
import { createFakeApi, type FakeWebhookEvent } from '../../src/testing/index.js';
import { answerProblems } from '../spec-fixtures/fixtures.js';
import { call, PDF, PNG, umPedido, upload } from './helpers.js';

function withEvents() {
  const events: FakeWebhookEvent[] = [];
  return { fake: createFakeApi({ onWebhook: (e) => void events.push(e) }), events };
}

describe('fake payment proofs', () => {
  it('accepts a PDF, JPEG or PNG by content, whatever the declared type, as an unvalidated COMPROVANTE', async () => {
    const { fake, events } = withEvents();
    const pedido = await umPedido(fake);
    const answer = await call(fake, 'POST', `/v1/pedidos/${pedido.id}/anexos`, { body: upload(PNG, 'foto.pdf', { tipo: 'COMPROVANTE' }, 'application/pdf') });
    expect(answer.status).toBe(201);
    expect(answerProblems('pedidos.comprovantes.enviar', answer.json)).toEqual([]);
    expect(answer.json).toMatchObject({ tipo: 'COMPROVANTE', nomeArquivo: 'foto.pdf', tipoArquivo: 'image/png', tamanhoBytes: PNG.length, validado: false, enviadoPeloParceiro: true });
    expect((await call(fake, 'GET', `/v1/pedidos/${pedido.id}`)).json.anexos).toEqual([answer.json]);
    expect(events.map((e) => e.evento)).toEqual(['pedido.criado']);
  });

  it('refuses other content and PDFs with script, embedded files, forms or a password: 400 VALIDACAO on arquivo', async () => {
    const { fake } = withEvents();
    const pedido = await umPedido(fake);
    const bad = [
      new TextEncoder().encode('hello'),
      new TextEncoder().encode('%PDF-1.4\n1 0 obj<< /OpenAction << /S /JavaScript >> >>endobj\n%%EOF'),
      new TextEncoder().encode('%PDF-1.4\ntrailer<< /Encrypt 5 0 R >>\n%%EOF'),
    ];
    for (const bytes of bad) {
      const answer = await call(fake, 'POST', `/v1/pedidos/${pedido.id}/anexos`, { body: upload(bytes, 'x.pdf', {}, 'application/pdf') });
      expect(answer.status).toBe(400);
      expect(answer.json.erro).toMatchObject({ codigo: 'VALIDACAO', detalhes: [expect.objectContaining({ campo: 'arquivo' })] });
    }
    expect((await call(fake, 'POST', `/v1/pedidos/${pedido.id}/anexos`, { body: { arquivo: 'x' } })).json.erro.codigo).toBe('REQUISICAO_INVALIDA');
  });

  it('removes an unvalidated proof, but a validated one cannot be removed and the order accepts no other proof (409 CONFLITO)', async () => {
    const { fake } = withEvents();
    const pedido = await umPedido(fake);
    const enviar = () => call(fake, 'POST', `/v1/pedidos/${pedido.id}/anexos`, { body: upload(PDF, 'c.pdf') });
    const first = (await enviar()).json;
    expect((await call(fake, 'DELETE', `/v1/pedidos/${pedido.id}/anexos/${first.id}`)).status).toBe(204);
    const second = (await enviar()).json;
    expect((await call(fake, 'POST', `/v1/sandbox/pedidos/${pedido.id}/anexos/${second.id}/validar`)).json.validado).toBe(true);
    const remove = await call(fake, 'DELETE', `/v1/pedidos/${pedido.id}/anexos/${second.id}`);
    expect(remove.status).toBe(409);
    expect(remove.json.erro.codigo).toBe('CONFLITO');
    const another = await enviar();
    expect(another.status).toBe(409);
    expect(another.json.erro.codigo).toBe('CONFLITO');
    expect((await call(fake, 'GET', `/v1/pedidos/${pedido.id}`)).json.anexos).toHaveLength(1);
  });

  it('validates a proof once: pedido.comprovante_validado with { pedido, anexo }, order status unchanged, a second validation emits nothing', async () => {
    const { fake, events } = withEvents();
    const pedido = await umPedido(fake);
    const anexo = (await call(fake, 'POST', `/v1/pedidos/${pedido.id}/anexos`, { body: upload(PDF, 'c.pdf') })).json;
    const path = `/v1/sandbox/pedidos/${pedido.id}/anexos/${anexo.id}/validar`;
    expect((await call(fake, 'POST', path)).json).toEqual({ ...anexo, validado: true });
    expect((await call(fake, 'POST', path)).status).toBe(200);
    const validados = events.filter((e) => e.evento === 'pedido.comprovante_validado');
    expect(validados).toHaveLength(1);
    expect(validados[0]?.dados).toEqual({ pedido: expect.objectContaining({ id: pedido.id, status: 'AGUARDANDO_PAGAMENTO' }), anexo: { ...anexo, validado: true } });
    expect((await call(fake, 'GET', `/v1/pedidos/${pedido.id}`)).json.status).toBe('AGUARDANDO_PAGAMENTO');
  });

  it('refuses to validate an attachment of another tipo: 400 VALIDACAO naming tipo; missing ones are 404', async () => {
    const { fake } = withEvents();
    const pedido = await umPedido(fake);
    const nota = (await call(fake, 'POST', `/v1/pedidos/${pedido.id}/anexos`, { body: upload(PDF, 'nf.pdf', { tipo: 'NOTA_FISCAL' }) })).json;
    expect(nota.tipo).toBe('NOTA_FISCAL');
    const answer = await call(fake, 'POST', `/v1/sandbox/pedidos/${pedido.id}/anexos/${nota.id}/validar`);
    expect(answer.status).toBe(400);
    expect(answer.json.erro).toMatchObject({ codigo: 'VALIDACAO', detalhes: [expect.objectContaining({ campo: 'tipo' })] });
    expect((await call(fake, 'POST', `/v1/sandbox/pedidos/${pedido.id}/anexos/anx_nada/validar`)).json.erro.codigo).toBe('NAO_ENCONTRADO');
    expect((await call(fake, 'POST', `/v1/sandbox/pedidos/ped_nada/anexos/${nota.id}/validar`)).json.erro.codigo).toBe('NAO_ENCONTRADO');
  });
});

describe('fake tracking codes', () => {
  it('adds a code (201, pedido.rastreio_adicionado with { pedido, rastreio }) and refuses a repeated one', async () => {
    const { fake, events } = withEvents();
    const pedido = await umPedido(fake);
    const answer = await call(fake, 'POST', `/v1/pedidos/${pedido.id}/rastreios`, { body: { codigo: 'AA123456789BR', transportadora: 'Correios' } });
    expect(answer.status).toBe(201);
    expect(answerProblems('pedidos.rastreios.adicionar', answer.json)).toEqual([]);
    expect(answer.json).toMatchObject({ codigo: 'AA123456789BR', transportadora: 'Correios', validado: false, cadastradoPeloParceiro: true });
    const event = events.at(-1);
    if (event?.evento !== 'pedido.rastreio_adicionado') throw new Error('expected pedido.rastreio_adicionado');
    expect(event.dados.rastreio).toEqual(answer.json);
    expect(event.dados.pedido.id).toBe(pedido.id);
    expect(event.dados.pedido).not.toHaveProperty('rastreios');
    expect((await call(fake, 'POST', `/v1/pedidos/${pedido.id}/rastreios`, { body: { codigo: 'AA123456789BR', transportadora: 'Correios' } })).status).toBe(409);
    expect((await call(fake, 'POST', `/v1/pedidos/${pedido.id}/rastreios`, { body: { codigo: '' } })).json.erro.detalhes.map((d: { campo: string }) => d.campo)).toEqual(['codigo', 'transportadora']);
  });

  it('validates a code without any webhook, after which it cannot be removed (409 CONFLITO); unvalidated ones can', async () => {
    const { fake, events } = withEvents();
    const pedido = await umPedido(fake);
    const add = async (codigo: string) => (await call(fake, 'POST', `/v1/pedidos/${pedido.id}/rastreios`, { body: { codigo, transportadora: 'Jadlog' } })).json;
    const a = await add('A1');
    const b = await add('B2');
    const before = events.length;
    expect((await call(fake, 'POST', `/v1/sandbox/pedidos/${pedido.id}/rastreios/${a.id}/validar`)).json).toEqual({ ...a, validado: true });
    expect(events).toHaveLength(before);
    const refused = await call(fake, 'DELETE', `/v1/pedidos/${pedido.id}/rastreios/${a.id}`);
    expect(refused.status).toBe(409);
    expect(refused.json.erro.codigo).toBe('CONFLITO');
    expect((await call(fake, 'DELETE', `/v1/pedidos/${pedido.id}/rastreios/${b.id}`)).status).toBe(204);
    expect((await call(fake, 'GET', `/v1/pedidos/${pedido.id}`)).json.rastreios).toEqual([{ ...a, validado: true }]);
    expect((await call(fake, 'POST', `/v1/sandbox/pedidos/${pedido.id}/rastreios/rst_nada/validar`)).status).toBe(404);
  });
});

describe('fake sale values and expenses', () => {
  it('sets an item sale value from a money string and refuses anything else', async () => {
    const { fake } = withEvents();
    const pedido = await umPedido(fake);
    const path = `/v1/pedidos/${pedido.id}/itens/${pedido.itens[0]!.id}/valor-venda`;
    expect((await call(fake, 'PATCH', path, { body: { valor: '129.90' } })).json.valorVenda).toBe('129.90');
    for (const valor of [129.9, '129,90', '0.00', '-1.00', '12.5']) {
      expect((await call(fake, 'PATCH', path, { body: { valor } })).json.erro).toMatchObject({ codigo: 'VALIDACAO', detalhes: [{ campo: 'valor' }] });
    }
    expect((await call(fake, 'PATCH', `/v1/pedidos/${pedido.id}/itens/itm_nada/valor-venda`, { body: { valor: '1.00' } })).status).toBe(404);
  });

  it('adds and removes expenses, keeping the fields sent', async () => {
    const { fake } = withEvents();
    const pedido = await umPedido(fake);
    const despesa = await call(fake, 'POST', `/v1/pedidos/${pedido.id}/despesas`, { body: { descricao: 'Frete', valor: '12.50' } });
    expect(despesa.status).toBe(201);
    expect(despesa.json).toMatchObject({ descricao: 'Frete', valor: '12.50', id: expect.any(String) });
    expect((await call(fake, 'DELETE', `/v1/pedidos/${pedido.id}/despesas/${despesa.json.id}`)).status).toBe(204);
    expect((await call(fake, 'DELETE', `/v1/pedidos/${pedido.id}/despesas/${despesa.json.id}`)).status).toBe(404);
  });
});
