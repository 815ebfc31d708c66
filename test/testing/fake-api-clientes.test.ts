import { describe, expect, it } from 'vitest';
import { createFakeApi, type FakeWebhookEvent } from '../../src/testing/index.js';
import { answerProblems } from '../spec-fixtures/fixtures.js';
import { call, get, readJson, type Pagina } from './helpers.js';

function withEvents() {
  const events: FakeWebhookEvent[] = [];
  return { fake: createFakeApi({ onWebhook: (e) => void events.push(e) }), events };
}

const ANA = { nome: 'Ana', whatsapp: '11999990000', endereco: { cep: '01001000', rua: 'Praça da Sé', numero: '1' } };

describe('fake customer book', () => {
  it('creates a customer (201) with every field sent, and cliente.criado carries no contact or address', async () => {
    const { fake, events } = withEvents();
    const answer = await call(fake, 'POST', '/v1/clientes', { body: { ...ANA, id: 'ignorado' } });
    expect(answer.status).toBe(201);
    expect(answerProblems('clientes.criar', answer.json)).toEqual([]);
    expect(answer.json).toMatchObject({ ...ANA, id: expect.stringMatching(/^cli_/) });
    expect(answer.json.id).not.toBe('ignorado');
    expect((await call(fake, 'GET', `/v1/clientes/${answer.json.id}`)).json).toEqual(answer.json);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ evento: 'cliente.criado' });
    expect(events[0]!.dados).toEqual({ cliente: { id: answer.json.id, nome: 'Ana', criadoEm: answer.json.criadoEm, atualizadoEm: answer.json.atualizadoEm } });
  });

  it('refuses a customer without nome, or with a malformed endereco, with 400 VALIDACAO', async () => {
    const { fake, events } = withEvents();
    const answer = await call(fake, 'POST', '/v1/clientes', { body: { whatsapp: 5, endereco: 'rua' } });
    expect(answer.status).toBe(400);
    expect(answer.json.erro.detalhes.map((d: { campo: string }) => d.campo)).toEqual(['nome', 'whatsapp', 'endereco']);
    expect(events).toEqual([]);
  });

  it('changes fields as a merge patch and lists the changed field paths in cliente.atualizado, never values', async () => {
    const { fake, events } = withEvents();
    const cliente = (await call(fake, 'POST', '/v1/clientes', { body: ANA })).json;
    const answer = await call(fake, 'PATCH', `/v1/clientes/${cliente.id}`, { body: { whatsapp: '11888880000', endereco: { cep: '20040002', rua: 'Praça da Sé' } } });
    expect(answer.status).toBe(200);
    expect(answer.json.endereco).toEqual({ cep: '20040002', rua: 'Praça da Sé', numero: '1' });
    const event = events.at(-1);
    if (event?.evento !== 'cliente.atualizado') throw new Error('expected cliente.atualizado');
    expect(event.dados.alterados).toEqual(['whatsapp', 'endereco.cep']);
    expect(JSON.stringify(event.dados)).not.toContain('11888880000');
    expect(Object.keys(event.dados.cliente).sort()).toEqual(['atualizadoEm', 'criadoEm', 'id', 'nome']);
  });

  it('emits nothing when a PATCH writes the values already there', async () => {
    const { fake, events } = withEvents();
    const cliente = (await call(fake, 'POST', '/v1/clientes', { body: ANA })).json;
    const answer = await call(fake, 'PATCH', `/v1/clientes/${cliente.id}`, { body: { nome: 'Ana', endereco: { cep: '01001000' } } });
    expect(answer.json).toEqual(cliente);
    expect(events.map((e) => e.evento)).toEqual(['cliente.criado']);
  });

  it('removes a customer (204, cliente.removido); afterwards GET answers 404 NAO_ENCONTRADO', async () => {
    const { fake, events } = withEvents();
    const cliente = (await call(fake, 'POST', '/v1/clientes', { body: ANA })).json;
    expect((await call(fake, 'DELETE', `/v1/clientes/${cliente.id}`)).status).toBe(204);
    expect(events.at(-1)).toMatchObject({ evento: 'cliente.removido', dados: { cliente: { id: cliente.id, nome: 'Ana' } } });
    const gone = await call(fake, 'GET', `/v1/clientes/${cliente.id}`);
    expect(gone.status).toBe(404);
    expect(gone.json.erro.codigo).toBe('NAO_ENCONTRADO');
    expect((await call(fake, 'DELETE', `/v1/clientes/${cliente.id}`)).status).toBe(404);
  });

  it('keeps customers per account', async () => {
    const { fake } = withEvents();
    const cliente = (await call(fake, 'POST', '/v1/clientes', { body: ANA })).json;
    expect((await call(fake, 'GET', `/v1/clientes/${cliente.id}`, { token: 'svc_sbx_outro' })).status).toBe(404);
    expect((await call(fake, 'GET', '/v1/clientes', { token: 'svc_sbx_outro' })).json.dados).toEqual([]);
  });
});

describe('fake cursors across lists', () => {
  it('walks customers in creation order with opaque cursors', async () => {
    const { fake } = withEvents();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await call(fake, 'POST', '/v1/clientes', { body: { nome: `C${i}` } })).json.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { dados: Array<{ id: string }>; paginacao: { proximoCursor: string | null } } = (
        await call(fake, 'GET', `/v1/clientes?limite=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
      ).json;
      seen.push(...page.dados.map((c) => c.id));
      cursor = page.paginacao.proximoCursor;
    } while (cursor !== null);
    expect(seen).toEqual(ids);
  });

  it('answers 400 CURSOR_INVALIDO to a cursor made for another ordering (another list)', async () => {
    const { fake } = withEvents();
    for (let i = 0; i < 3; i++) await call(fake, 'POST', '/v1/clientes', { body: { nome: `C${i}` } });
    const produtos = await readJson<Pagina>(await get(fake, '/v1/produtos?limite=2'));
    const clientes = (await call(fake, 'GET', '/v1/clientes?limite=2')).json;
    const foreign = await call(fake, 'GET', `/v1/clientes?cursor=${encodeURIComponent(produtos.paginacao.proximoCursor!)}`);
    expect(foreign.status).toBe(400);
    expect(foreign.json.erro.codigo).toBe('CURSOR_INVALIDO');
    expect((await call(fake, 'GET', `/v1/categorias?cursor=${encodeURIComponent(clientes.paginacao.proximoCursor)}`)).json.erro.codigo).toBe('CURSOR_INVALIDO');
  });

  it('lists the catalog categories and sizes, each once', async () => {
    const { fake } = withEvents();
    const categorias = (await call(fake, 'GET', '/v1/categorias?limite=100')).json.dados as Array<{ id: string; nome: string }>;
    expect(categorias.length).toBeGreaterThan(1);
    expect(new Set(categorias.map((c) => c.id)).size).toBe(categorias.length);
    const numeracoes = (await call(fake, 'GET', '/v1/numeracoes?limite=100')).json.dados as Array<{ numeracao: string }>;
    expect(numeracoes.map((n) => Number(n.numeracao))).toEqual([...numeracoes.map((n) => Number(n.numeracao))].sort((a, b) => a - b));
    expect(numeracoes.every((n) => Number(n.numeracao) >= 34 && Number(n.numeracao) <= 44)).toBe(true);
  });
});
